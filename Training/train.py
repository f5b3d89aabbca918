"""Step 2: trains the recognizer with CTC on the cached data, within a wall-clock budget.

    python train.py --run runs/main --budget-minutes 65 [--device cpu|cuda] [--threads 2]
    python train.py --recipe open --run runs/open1 --budget-minutes 110

Writes runs/<name>/{log.txt, last.pt, best.pt, metrics.json}; best.pt is the checkpoint with the
lowest greedy CER on a fixed validation subset. With `--ema DECAY` the checkpoints hold the moving
average of the weights (averaging.py), and last-live.pt the weights the optimizer last left. The
learning rate follows a cosine over the budget, so a longer budget (or a GPU) trains further with
the same command.

Two recipes:
- `research` (the shipped research model): IAM-OnDB trainset, UNIPEN words and text, synthetic
  lines of UNIPEN glyphs (synth.py); the English alphabet; validated on IAM-OnDB testset_v.
- `open` (the open model, data whose terms allow commercial use): UNIPEN words and text, lines
  composed from UNIPEN writers' words, and words of 20 languages written with UNIPEN's and UJI's
  glyphs (compose.py, languages.py); the Latin alphabet; validated on UNIPEN's and UJI's held-out
  writers. It reads nothing of IAM-OnDB (its cache is prep_open.py's).
"""
import argparse, json, math, os, pickle, random, time
import numpy as np
import torch
import torch.nn as nn
import features as F
import alphabet as A
from model import InkNet, DEFAULT_CONFIG
import synth
import compose
import hershey
import languages
import variation
from averaging import ExponentialAverage

HERE = os.path.dirname(os.path.abspath(__file__))


def load(cache, name):
    path = os.path.join(cache, name)
    if not os.path.exists(path):
        return []
    with open(path, "rb") as fh:
        return pickle.load(fh)


def augment(pts, start, rng):
    """Random slant, rotation, aspect and size change and jitter of normalized points."""
    shear = math.tan(rng.uniform(-0.4, 0.4))
    rot = rng.uniform(-0.08, 0.08)
    sx = rng.uniform(0.8, 1.2)
    size = math.exp(rng.uniform(-0.25, 0.25))
    x = pts[:, 0].astype(np.float64)
    y = pts[:, 1].astype(np.float64)
    x = (x - y * shear) * sx
    c, s = math.cos(rot), math.sin(rot)
    x, y = c * x - s * y, s * x + c * y
    p = np.stack([x, y], 1) * size
    p[:, 1] += rng.uniform(-0.15, 0.15)
    p += np.random.default_rng(rng.randrange(1 << 30)).normal(0, 0.01, p.shape)
    return p, start.astype(np.float64)


# --variation: the share of training samples given each of variation.py's changes along a line.
LINE_VARIATION = 0.0


def sample_features(sample, rng=None):
    pts, start = sample["pts"].astype(np.float64), sample["start"].astype(np.float64)
    if rng is not None:
        pts, start = augment(pts, start, rng)
        pts, start = variation.varied(pts, start, rng, LINE_VARIATION)
    return F.features_from_points(pts, start)


def ctc_ok(n_points, labels, model):
    t = int(model.output_lengths(torch.tensor([n_points]))[0])
    repeats = sum(1 for a, b in zip(labels, labels[1:]) if a == b)
    return t >= len(labels) + repeats


def batches(samples, max_points, rng):
    order = sorted(range(len(samples)), key=lambda i: len(samples[i]["pts"]))
    out, cur, longest = [], [], 0
    for i in order:
        n = len(samples[i]["pts"])
        if cur and max(longest, n) * (len(cur) + 1) > max_points:
            out.append(cur)
            cur, longest = [], 0
        cur.append(i)
        longest = max(longest, n)
    if cur:
        out.append(cur)
    rng.shuffle(out)
    return out


def collate(feats):
    lengths = torch.tensor([len(f) for f in feats], dtype=torch.int64)
    x = torch.zeros(len(feats), int(lengths.max()), F.FEATURE_COUNT)
    for i, f in enumerate(feats):
        x[i, :len(f)] = torch.from_numpy(f)
    return x, lengths


def greedy(logp, length, alphabet):
    best = logp[:length].argmax(-1).tolist()
    out, prev = [], 0
    for k in best:
        if k != prev and k != 0:
            out.append(alphabet.characters[k - 1])
        prev = k
    return "".join(out)


def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        prev = cur
    return prev[-1]


def evaluate(model, samples, device, alphabet, max_points=20000):
    """Greedy CER and WER (raw strings) over samples."""
    model.eval()
    ce = cn = we = wn = 0
    with torch.no_grad():
        for idx in batches(samples, max_points, random.Random(0)):
            x, lengths = collate([sample_features(samples[i]) for i in idx])
            logp, olen = model(x.to(device), lengths.to(device))
            logp = logp.cpu()
            for b, i in enumerate(idx):
                hyp, ref = greedy(logp[b], int(olen[b]), alphabet), samples[i]["text"]
                ce += edit_distance(hyp, ref)
                cn += len(ref)
                we += edit_distance(hyp.split(), ref.split())
                wn += len(ref.split())
    model.train()
    return ce / max(cn, 1), we / max(wn, 1)


def written_in_capitals(text):
    """Two or more letters, all of them capitals ("NEXT", "ROMANS 8")."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


class ResearchRecipe:
    """IAM-OnDB trainset + UNIPEN + synthetic glyph lines; validated on IAM-OnDB testset_v."""
    alphabet_name = "english"

    def __init__(self, a, rng):
        self.a, self.rng = a, rng
        self.alphabet = A.named(a.alphabet or self.alphabet_name)
        self.iam = load(a.cache, "iam_trainset.pkl")
        val_all = load(a.cache, "iam_testset_v.pkl")
        self.val = random.Random(7).sample(val_all, min(a.val_lines, len(val_all)))
        self.uni = load(a.cache, "unipen_text_train.pkl") + load(a.cache, "unipen_words_train.pkl")
        self.glyphs = load(a.cache, "unipen_glyphs.pkl") or None
        self.words = [w for s in self.iam for w in s["text"].split() if w.isalpha()]
        # Real words and lines written in capitals are 3% of UNIPEN's training samples; drawing them
        # more often is the most direct lesson in capitals the data holds (stage 8).
        self.capitals = [s for s in self.uni if written_in_capitals(s["text"])]
        # With a grown alphabet (recognition version 6), lines of 20 languages and capitals
        # composed from UNIPEN's and UJI's glyphs (the open recipe's composer and cache) teach the
        # new letters; a third of the validation lines are composed from held-out writers' glyphs,
        # so the checkpoint chosen reads both English cursive and the new letters.
        self.composer = self.held_composer = self.texts = None
        if a.glyph_lines_per_epoch and self.alphabet.string != A.ENGLISH:
            open_cache = os.path.join(HERE, "cache", "open")
            self.composer = compose.GlyphWriter(load(open_cache, "glyphs.pkl"), rng)
            self.held_composer = compose.GlyphWriter(load(open_cache, "glyphs_heldout.pkl"), rng)
            self.texts = languages.TextSource(languages.load_word_lists(os.path.join(open_cache, "words"),
                                                                        self.alphabet),
                                              weights=json.loads(a.language_weights),
                                              marked_share=a.marked_words, heading_share=a.headings)
            n = max(a.val_lines // 3, 1)
            self.val = self.val[:a.val_lines - n] + compose.glyph_lines(self.held_composer, self.texts, n, 7,
                                                                        self.alphabet)

    def describe(self):
        return (f"iam {len(self.iam)} unipen {len(self.uni)} (capitals {len(self.capitals)}) glyphs {bool(self.glyphs)} "
                f"composed lines {self.a.glyph_lines_per_epoch if self.composer else 0}")

    def pool(self, epoch):
        a, pool, seed = self.a, list(self.iam), self.a.seed * 1000 + epoch
        if self.glyphs and a.synth_per_epoch:
            pool += synth.synth_samples(self.glyphs, self.words, a.synth_per_epoch, seed=seed)
        if self.uni and a.unipen_per_epoch:
            pool += self.rng.sample(self.uni, min(a.unipen_per_epoch, len(self.uni)))
        if self.capitals and a.capitals_per_epoch:
            pool += self.rng.choices(self.capitals, k=a.capitals_per_epoch)
        if self.composer:
            pool += compose.glyph_lines(self.composer, self.texts, a.glyph_lines_per_epoch, seed, self.alphabet)
        return pool

    def final_sets(self):
        yield "testset_v", load(self.a.cache, "iam_testset_v.pkl")
        yield "testset_t", load(self.a.cache, "iam_testset_t.pkl")
        yield "unipen_words_heldout", load(self.a.cache, "unipen_words_heldout.pkl")[:1000]
        if self.held_composer:
            yield "composed_heldout", compose.glyph_lines(self.held_composer, self.texts, 600, 11, self.alphabet)


class OpenRecipe:
    """Only data whose terms allow commercial use (prep_open.py's cache): UNIPEN words and text,
    lines composed of a UNIPEN writer's words, words of 20 languages in UNIPEN's and UJI's glyphs."""
    alphabet_name = "latin"

    def __init__(self, a, rng):
        self.a, self.rng = a, rng
        self.alphabet = A.named(a.alphabet or self.alphabet_name)
        with open(os.path.join(a.cache, "pitch.json")) as fh:
            F.REFERENCE_PITCH = json.load(fh)["reference_pitch"]
        self.text = load(a.cache, "unipen_text_train.pkl")
        self.words = load(a.cache, "unipen_words_train.pkl")
        self.by_writer = load(a.cache, "words_by_writer.pkl")
        self.glyphs = compose.GlyphWriter(load(a.cache, "glyphs.pkl"), rng, join_share=a.joins)
        self.hershey = hershey.HersheyWriter.bundled(rng) if a.hershey_per_epoch else None
        self.held_glyphs = compose.GlyphWriter(load(a.cache, "glyphs_heldout.pkl"), rng)
        word_lists = languages.load_word_lists(os.path.join(a.cache, "words"), self.alphabet)
        # Training draws the languages read worst more often (--language-weights, stage 2); the
        # validation and final sets keep every language equally likely, so stages compare.
        self.texts = languages.TextSource(word_lists, weights=json.loads(a.language_weights),
                                          marked_share=a.marked_words, heading_share=a.headings)
        self.even_texts = languages.TextSource(word_lists)
        self.capitals = [s for s in self.text + self.words if written_in_capitals(s["text"])]
        n = max(a.val_lines // 3, 1)
        pick = random.Random(7)
        self.val = (pick.sample(load(a.cache, "unipen_text_heldout.pkl"), n)
                    + pick.sample(load(a.cache, "unipen_words_heldout.pkl"), n)
                    + compose.glyph_lines(self.held_glyphs, self.even_texts, n, 7, self.alphabet))

    def describe(self):
        return (f"unipen text {len(self.text)} words {len(self.words)} (capitals {len(self.capitals)}) "
                f"writers {len(self.by_writer)} languages {len(self.texts.langs)} reference pitch {F.REFERENCE_PITCH}")

    def pool(self, epoch):
        a, seed = self.a, self.a.seed * 1000 + epoch
        half = a.unipen_per_epoch // 2
        pool = self.rng.sample(self.text, min(half, len(self.text)))
        pool += self.rng.sample(self.words, min(a.unipen_per_epoch - half, len(self.words)))
        pool += compose.word_lines(self.by_writer, a.word_lines_per_epoch, seed, self.alphabet)
        pool += compose.glyph_lines(self.glyphs, self.texts, a.synth_per_epoch, seed, self.alphabet, hatched_share=a.hatched,
                                    hatched_word_share=a.hatched_words)
        if self.capitals and a.capitals_per_epoch:
            pool += self.rng.choices(self.capitals, k=a.capitals_per_epoch)
        if self.hershey:
            # Another seed than the glyph lines', so that the two write different texts.
            pool += compose.glyph_lines(self.hershey, self.texts, a.hershey_per_epoch, seed + 500_000, self.alphabet)
        return pool

    def final_sets(self):
        yield "unipen_text_heldout", load(self.a.cache, "unipen_text_heldout.pkl")[:1000]
        yield "unipen_words_heldout", load(self.a.cache, "unipen_words_heldout.pkl")[:1000]
        yield "composed_heldout", compose.glyph_lines(self.held_glyphs, self.even_texts, 600, 11, self.alphabet)


RECIPES = {"research": ResearchRecipe, "open": OpenRecipe}


def grown_state(state, old, new):
    """A checkpoint's weights with its output layer grown from alphabet `old` to `new`: shared
    characters keep their rows; new ones start from small weights and a low bias, so the grown
    network reads as before until training teaches it the new letters."""
    state = dict(state)
    w, b = state["out.weight"], state["out.bias"]
    nw = torch.randn(len(new) + 1, w.shape[1]) * 0.01
    nb = torch.full((len(new) + 1,), float(b.min()) - 2.0)
    nw[0], nb[0] = w[0], b[0]
    for i, ch in enumerate(new):
        j = old.find(ch)
        if j >= 0:
            nw[i + 1], nb[i + 1] = w[j + 1], b[j + 1]
    state["out.weight"], state["out.bias"] = nw, nb
    return state


def checkpoint_of_weights(path):
    """An exported weights file (WEIGHTS_FORMAT.md) as a checkpoint dictionary for `--init`."""
    import golden, restamp
    config, state = golden.load_weights_file(path)
    _, header, _ = restamp.read(path)
    training = header["metadata"].get("training", {})
    return dict(model=state, config=dict(DEFAULT_CONFIG, **config), alphabet=header["metadata"]["alphabet"],
                epoch=training.get("epoch", 0), val_cer=training.get("val_cer", float("nan")))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recipe", default="research", choices=sorted(RECIPES))
    ap.add_argument("--alphabet", default="", help="english or latin (default: the recipe's)")
    ap.add_argument("--cache", default="", help="default: cache/ (research) or cache/open/ (open)")
    ap.add_argument("--run", default=os.path.join(HERE, "runs", "main"))
    ap.add_argument("--budget-minutes", type=float, default=65)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--max-points", type=int, default=12000, help="batch size in padded points")
    ap.add_argument("--synth-per-epoch", type=int, default=1200)
    ap.add_argument("--unipen-per-epoch", type=int, default=1500)
    ap.add_argument("--word-lines-per-epoch", type=int, default=1500, help="open recipe: composed word lines")
    ap.add_argument("--glyph-lines-per-epoch", type=int, default=0,
                    help="research recipe with a grown alphabet: lines of 20 languages composed from glyphs")
    ap.add_argument("--capitals-per-epoch", type=int, default=0,
                    help="research recipe: UNIPEN training words and lines written in capitals drawn again each epoch")
    ap.add_argument("--language-weights", default="{}",
                    help='JSON: how often each language\'s composed lines are drawn, e.g. {"pl": 2} (default 1 each)')
    ap.add_argument("--hershey-per-epoch", type=int, default=0,
                    help="open recipe: lines of the 20 languages in Hershey print and script with heavy variation (hershey.py)")
    ap.add_argument("--marked-words", type=float, default=0.0,
                    help="share of composed words drawn from those with a letter beyond a-z")
    ap.add_argument("--headings", type=float, default=0.0,
                    help="share of composed lines that are headings in capitals (TextSource.heading)")
    ap.add_argument("--variation", type=float, default=0.0,
                    help="share of training samples whose baseline drifts, whose width varies along the line, "
                    "and that are sampled as sparsely as a slow digitizer would (each apart; variation.py)")
    ap.add_argument("--joins", type=float, default=0.0,
                    help="open recipe: share of composed glyph lines whose lower-case letters are joined up "
                    "as cursive (compose.joined)")
    ap.add_argument("--hatched", type=float, default=0.0,
                    help="open recipe: share of composed glyph lines in capitals drawn as hatched outline letters "
                    "(outline.py)")
    ap.add_argument("--hatched-words", type=float, default=0.0,
                    help="open recipe: share of the words in capitals among other words of composed glyph lines "
                    "drawn as hatched outline letters, as a writer stresses a word (compose.hatched_words)")
    ap.add_argument("--ema", type=float, default=0.0,
                    help="keep an exponential moving average of the weights with this decay (e.g. 0.999; "
                    "averaging.py): validated beside the live weights, and what the checkpoints hold")
    ap.add_argument("--val-lines", type=int, default=250)
    ap.add_argument("--config", default="{}", help="JSON overrides of model.DEFAULT_CONFIG; with --init, of the "
                    "checkpoint's config (only settings that keep the weights' shapes, such as dropout)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-steps", type=int, default=0, help="stop after this many steps (smoke)")
    ap.add_argument("--init", default="", help="start from this checkpoint's weights (a warm restart "
                    "of the schedule: a second stage that trains a finished run further)")
    ap.add_argument("--init-weights", default="", help="start from an exported weights file (a shipped "
                    "model whose checkpoint is not kept), as --init does")
    a = ap.parse_args()
    a.cache = a.cache or os.path.join(HERE, "cache", "open" if a.recipe == "open" else "")
    global LINE_VARIATION
    LINE_VARIATION = a.variation
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)
    os.makedirs(a.run, exist_ok=True)
    logf = open(os.path.join(a.run, "log.txt"), "a")

    def log(msg):
        line = f"{time.strftime('%H:%M:%S')} {msg}"
        print(line, flush=True)
        logf.write(line + "\n")
        logf.flush()

    t_start = time.time()
    budget = a.budget_minutes * 60
    recipe = RECIPES[a.recipe](a, rng)
    alphabet, val = recipe.alphabet, recipe.val
    model = InkNet(alphabet.class_count, json.loads(a.config)).to(a.device)
    if a.init_weights:
        start = checkpoint_of_weights(a.init_weights)
        a.init = a.init_weights
    elif a.init:
        start = torch.load(a.init, map_location=a.device)
    if a.init:
        state, old = start["model"], start.get("alphabet", A.ENGLISH)
        if old != alphabet.string:
            state = grown_state(state, old, alphabet.string)
            log(f"output layer grown from {len(old)} to {len(alphabet.string)} characters")
        # --config may change what keeps the weights' shapes (dropout) on a warm restart.
        model = InkNet(alphabet.class_count, dict(start["config"], **json.loads(a.config))).to(a.device)
        model.load_state_dict(state)
        trained = (f"epoch {start['epoch']}, val CER {start['val_cer']:.4f}" if "val_cer" in start
                   else "a soup or widened network, no validation figure of its own")
        log(f"initialized from {a.init} ({trained})")
    params = sum(p.numel() for p in model.parameters())
    log(f"recipe {a.recipe} alphabet {len(alphabet.characters)} params {params} config {model.config} "
        f"{recipe.describe()} val {len(val)} budget {a.budget_minutes} min")
    opt = torch.optim.Adam(model.parameters(), lr=a.lr)
    average = ExponentialAverage(model, a.ema) if a.ema else None
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    step, epoch, best = 0, 0, float("inf")
    done = False
    while not done:
        epoch += 1
        t_pool = time.time()
        pool = recipe.pool(epoch)
        pool = [s for s in pool if (lab := alphabet.encode(s["text"])) and ctc_ok(len(s["pts"]), lab, model)]
        log(f"epoch {epoch}: {len(pool)} samples ({time.time() - t_pool:.0f}s to compose)")
        tot_loss, n_b, t_ep = 0.0, 0, time.time()
        for idx in batches(pool, a.max_points, rng):
            frac = (time.time() - t_start) / budget
            if frac >= 1.0 or (a.max_steps and step >= a.max_steps):
                done = True
                break
            lr = a.lr * min(1.0, (step + 1) / 300) * (0.03 + 0.97 * 0.5 * (1 + math.cos(math.pi * frac)))
            for g in opt.param_groups:
                g["lr"] = lr
            feats = [sample_features(pool[i], rng) for i in idx]
            x, lengths = collate(feats)
            labels = [alphabet.encode(pool[i]["text"]) for i in idx]
            target = torch.tensor([k for lab in labels for k in lab], dtype=torch.int64)
            tlen = torch.tensor([len(lab) for lab in labels], dtype=torch.int64)
            logp, olen = model(x.to(a.device), lengths.to(a.device))
            loss = ctc(logp.transpose(0, 1), target, olen, tlen)
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            if average:
                average.update()
            tot_loss += loss.item()
            n_b += 1
            step += 1
            if step % 50 == 0:
                log(f"step {step} epoch {epoch} loss {tot_loss / n_b:.3f} lr {lr:.2e} "
                    f"{(time.time() - t_ep) / n_b:.2f}s/step")
        cer, wer = evaluate(model, val, a.device, alphabet)
        weights, live = model.state_dict(), ""
        if average:
            live = f" (live weights {cer:.4f} WER {wer:.4f})"
            with average.applied(model):
                cer, wer = evaluate(model, val, a.device, alphabet)
            weights = average.state_dict()
            torch.save(dict(model=model.state_dict(), epoch=epoch, step=step), os.path.join(a.run, "last-live.pt"))
        state = dict(model=weights, config=model.config, epoch=epoch, step=step,
                     val_cer=cer, val_wer=wer, alphabet=alphabet.string, recipe=a.recipe,
                     feature_version=F.FEATURE_VERSION, feature_config=F.config(), step_size=F.STEP,
                     elapsed_s=time.time() - t_start, params=params, ema=a.ema)
        torch.save(state, os.path.join(a.run, "last.pt"))
        if cer < best:
            best = cer
            torch.save(state, os.path.join(a.run, "best.pt"))
        log(f"epoch {epoch} done: steps {step} loss {tot_loss / max(n_b, 1):.3f} val subset CER "
            f"{cer:.4f} WER {wer:.4f}{live} best {best:.4f} ({time.time() - t_ep:.0f}s)")
    ck = torch.load(os.path.join(a.run, "best.pt"), map_location=a.device)
    model.load_state_dict(ck["model"])
    metrics = dict(recipe=a.recipe, params=params, epochs=epoch, steps=step,
                   train_seconds=time.time() - t_start, best_epoch=ck["epoch"])
    for name, samples in recipe.final_sets():
        if not samples:
            continue
        cer, wer = evaluate(model, samples, a.device, alphabet)
        metrics[f"{name}_greedy_cer"], metrics[f"{name}_greedy_wer"] = cer, wer
        log(f"final {name} ({len(samples)}): greedy CER {cer:.4f} WER {wer:.4f}")
    with open(os.path.join(a.run, "metrics.json"), "w") as fh:
        json.dump(metrics, fh, indent=1)
    log(json.dumps(metrics))


if __name__ == "__main__":
    main()
