"""The recognizer network: Conv1d front end (4x downsampling) -> BiLSTM -> Linear -> log-softmax.

Sources/InkRecognition/Network/ runs the same computation in Swift from the exported weights.
"""
import torch
import torch.nn as nn
import torch.nn.functional as Fn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

DEFAULT_CONFIG = dict(features=8, conv_channels=[64, 96, 128], conv_kernels=[5, 5, 3],
                      conv_strides=[1, 2, 2], hidden=128, layers=2, dropout=0.15)


def conv_out_length(length, kernel, stride):
    pad = kernel // 2
    return (length + 2 * pad - kernel) // stride + 1


class InkNet(nn.Module):
    def __init__(self, classes, config=None):
        super().__init__()
        c = dict(DEFAULT_CONFIG, **(config or {}))
        self.config = c
        convs, cin = [], c["features"]
        for ch, k, s in zip(c["conv_channels"], c["conv_kernels"], c["conv_strides"]):
            convs.append(nn.Conv1d(cin, ch, k, stride=s, padding=k // 2))
            cin = ch
        self.convs = nn.ModuleList(convs)
        self.lstm = nn.LSTM(cin, c["hidden"], num_layers=c["layers"], bidirectional=True,
                            batch_first=True, dropout=c["dropout"] if c["layers"] > 1 else 0.0)
        self.drop = nn.Dropout(c["dropout"])
        self.out = nn.Linear(2 * c["hidden"], classes)

    def output_lengths(self, lengths):
        for conv in self.convs:
            lengths = conv_out_length(lengths, conv.kernel_size[0], conv.stride[0])
        return lengths

    def forward(self, x, lengths):
        """x: (B, T, F) zero-padded; lengths: (B,) int64 -> log-probs (B, T', C), lengths (B,)."""
        h = x.transpose(1, 2)
        for conv in self.convs:
            h = Fn.relu(conv(h))
            lengths = conv_out_length(lengths, conv.kernel_size[0], conv.stride[0])
            # zero the padding so batched training sees what single-line inference sees
            mask = torch.arange(h.shape[2])[None, :] < lengths[:, None]
            h = h * mask[:, None, :].to(h.dtype)
        h = h.transpose(1, 2)
        packed = pack_padded_sequence(h, lengths.cpu(), batch_first=True, enforce_sorted=False)
        y, _ = self.lstm(packed)
        y, _ = pad_packed_sequence(y, batch_first=True, total_length=h.shape[1])
        y = self.out(self.drop(y))
        return Fn.log_softmax(y, dim=-1), lengths
