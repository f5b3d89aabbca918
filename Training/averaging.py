"""An exponential moving average of a network's weights (Polyak averaging), for `train.py --ema`.

Fine-tuning stages run small batches at a low rate, so the weights after any one step carry that
step's noise. The average over the last few thousand steps reads better than the weights it
averages; train.py validates both and keeps the average in its checkpoints.
"""
from contextlib import contextmanager
import torch


class ExponentialAverage:
    """`shadow = decay * shadow + (1 - decay) * weights` after every optimizer step. The horizon is
    about 1 / (1 - decay) steps (1,000 for 0.999). Starts from the network's weights, which in a
    fine-tuning stage are already a trained model's, so no warm-up correction is needed."""

    def __init__(self, model, decay):
        if not 0.0 < decay < 1.0:
            raise ValueError(f"--ema wants a decay between 0 and 1, not {decay}")
        self.decay = decay
        self.live = model.state_dict()
        self.shadow = {k: v.detach().clone() for k, v in self.live.items()}

    @torch.no_grad()
    def update(self):
        for k, v in self.live.items():
            if v.dtype.is_floating_point:
                self.shadow[k].mul_(self.decay).add_(v, alpha=1.0 - self.decay)
            else:
                self.shadow[k].copy_(v)

    def state_dict(self):
        return {k: v.clone() for k, v in self.shadow.items()}

    @contextmanager
    def applied(self, model):
        """The network holds the averaged weights inside the block and its own after it."""
        own = {k: v.detach().clone() for k, v in self.live.items()}
        model.load_state_dict(self.shadow)
        try:
            yield model
        finally:
            model.load_state_dict(own)
