#!/usr/bin/python3
"""Trains the same sequence model in PyTorch and in Attention Canvas and prints both speeds.

    python3 bench/torch_compare.py BUILD_DIR [FILE STEPS] ...

With no FILE, every built-in task preset (resources/sequences/task-*.json) runs with the steps
of its training block. Each file is read as documented in docs/sequence-format.md and rebuilt in
PyTorch in double precision with the same starting weights, the same examples (padded to the
longest; causal, so padding never reaches a real position, and pads are not scored) and
torch.optim.Adam with the file's settings, full batch, one thread. The losses after 0, 1, 2 and
STEPS updates must agree with the C++ trainer's (bench_training --file) to 1e-9 relative, which
shows that the two train the identical model; then the steps per second of both and their ratio.

Needs python3-torch (apt-get install python3-torch): for this benchmark only, never the tests.
"""

import glob
import json
import math
import os
import subprocess
import sys
import time

import torch

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)


def load(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    vocab = doc["vocabulary"]
    outputs = doc.get("outputs", vocab)
    v_index = {n: i for i, n in enumerate(vocab)}
    o_index = {n: i for i, n in enumerate(outputs)}
    examples = doc["examples"]
    n_max = max(len(e["tokens"]) for e in examples)
    tokens = torch.zeros(len(examples), n_max, dtype=torch.long)
    targets = torch.full((len(examples), n_max), -100, dtype=torch.long)
    valid = torch.zeros(len(examples), n_max, dtype=torch.bool)
    for b, e in enumerate(examples):
        for i, name in enumerate(e["tokens"]):
            tokens[b, i] = v_index[name]
            valid[b, i] = True
        for i, name in enumerate(e.get("targets", [])):
            if name is not None:
                targets[b, i] = o_index[name]
    return doc, tokens, targets, valid


class Model(torch.nn.Module):
    """The attention-only transformer of docs/sequence-format.md, weights from the file."""

    def __init__(self, doc):
        super().__init__()
        t = lambda m: torch.nn.Parameter(torch.tensor(m))
        self.embedding = t(doc["embedding"])
        pos = doc.get("positions", {"kind": "none"})
        self.kind = pos["kind"]
        self.base = pos.get("base", 10000.0)
        self.table = t(pos["table"]) if self.kind == "learned" else None
        self.layers = torch.nn.ModuleList()
        for layer in doc["layers"]:
            m = torch.nn.Module()
            # Heads stacked: wq, wk (h, d_k, D), wv (h, d_v, D).
            m.wq = t([h["wq"] for h in layer["heads"]])
            m.wk = t([h["wk"] for h in layer["heads"]])
            m.wv = t([h["wv"] for h in layer["heads"]])
            m.wo = t(layer["wo"])
            self.layers.append(m)
        self.unembedding = t(doc["unembedding"])
        self.causal = doc.get("causal", False)
        self.temperature = doc.get("temperature", 1.0)
        self.d = doc["d_model"]

    def rotate(self, x):
        # x: (B, h, n, d_k); pairs (2j, 2j+1) of row i turn by i·θ_j, θ_j = base^(−2j/d_k).
        n, dk = x.shape[-2], x.shape[-1]
        theta = self.base ** (-torch.arange(0, dk, 2, dtype=torch.float64) / dk)
        angle = torch.arange(n, dtype=torch.float64)[:, None] * theta[None, :]
        c, s = torch.cos(angle), torch.sin(angle)
        a, b = x[..., 0::2], x[..., 1::2]
        return torch.stack((c * a - s * b, s * a + c * b), dim=-1).flatten(-2)

    def forward(self, tokens, valid):
        B, n = tokens.shape
        x = self.embedding[tokens]
        if self.kind == "learned":
            x = x + self.table[:n]
        elif self.kind == "sinusoidal":
            pos = torch.arange(n, dtype=torch.float64)[:, None]
            j = torch.arange(0, self.d, 2, dtype=torch.float64)[None, :]
            angle = pos / self.base ** (j / self.d)
            p = torch.stack((torch.sin(angle), torch.cos(angle)), dim=-1).flatten(-2)[:, : self.d]
            x = x + p
        mask = ~valid[:, None, None, :]  # padding keys
        if self.causal:
            mask = mask | torch.triu(torch.ones(n, n, dtype=torch.bool), 1)[None, None]
        for m in self.layers:
            q = torch.einsum("bnd,hkd->bhnk", x, m.wq)
            k = torch.einsum("bnd,hkd->bhnk", x, m.wk)
            v = torch.einsum("bnd,hkd->bhnk", x, m.wv)
            if self.kind == "rotary":
                q, k = self.rotate(q), self.rotate(k)
            scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
            scores = scores.masked_fill(mask, float("-inf"))
            w = torch.softmax(scores / self.temperature, dim=-1)
            o = (w @ v).transpose(1, 2).reshape(B, n, -1)  # heads side by side
            x = x + o @ m.wo.T
        return x @ self.unembedding.T


def torch_run(path, steps):
    doc, tokens, targets, valid = load(path)
    model = Model(doc)
    tr = doc.get("training", {})
    opt = torch.optim.Adam(
        model.parameters(),
        lr=tr.get("learning_rate", 0.01),
        betas=(tr.get("beta1", 0.9), tr.get("beta2", 0.999)),
        eps=tr.get("epsilon", 1e-8),
    )
    losses = []
    flat_targets = targets.reshape(-1)

    def loss_now():
        logits = model(tokens, valid)
        return torch.nn.functional.cross_entropy(
            logits.reshape(-1, logits.shape[-1]), flat_targets, ignore_index=-100
        )

    start, cpu_start = time.perf_counter(), time.thread_time()
    for _ in range(steps):
        opt.zero_grad()
        loss = loss_now()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu_start
    with torch.no_grad():
        losses.append(loss_now().item())
    return steps / seconds, steps / cpu, losses


def canvas_run(build, path, steps):
    out = subprocess.run(
        [os.path.join(build, "bench", "bench_training"), "--file", path, str(steps)],
        check=True, capture_output=True, text=True,
    ).stdout
    rate, cpu_rate, losses = None, None, {}
    for line in out.splitlines():
        parts = line.split()
        if parts[0] == "steps/s":
            rate = float(parts[1])
        elif parts[0] == "cpu-steps/s":
            cpu_rate = float(parts[1])
        elif parts[0] == "loss":
            losses[int(parts[1])] = float(parts[2])
    return rate, cpu_rate, losses


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    build = sys.argv[1]
    runs = []
    if len(sys.argv) > 2:
        for i in range(2, len(sys.argv) - 1, 2):
            runs.append((sys.argv[i], int(sys.argv[i + 1])))
    else:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        for path in sorted(glob.glob(os.path.join(root, "resources", "sequences", "task-*.json"))):
            with open(path, encoding="utf-8") as f:
                runs.append((path, json.load(f).get("training", {}).get("steps", 1000)))
    print(f"PyTorch {torch.__version__}, one thread, float64; full batch; Adam")
    # Wall-clock rates and, since the machine may be shared, the ratio of CPU-time rates too
    # (each side's own thread).
    print(f"{'file':32} {'steps':>6} {'canvas steps/s':>15} {'torch steps/s':>14} {'ratio':>7} "
          f"{'CPU ratio':>9}  losses agree")
    worst = 0.0
    for path, steps in runs:
        rate_c, cpu_c, losses_c = canvas_run(build, path, steps)
        rate_t, cpu_t, losses_t = torch_run(path, steps)
        error = max(abs(losses_t[i] - l) / max(abs(l), 1e-300) for i, l in losses_c.items())
        worst = max(worst, error)
        # The last loss can differ more after many steps: rounding differs and Adam amplifies
        # it; the first steps show whether the model and the gradient are the same.
        early = max(abs(losses_t[i] - losses_c[i]) / abs(losses_c[i]) for i in (0, 1, 2))
        # An older bench_training prints no CPU rate.
        cpu_ratio = f"{cpu_c / cpu_t:.2f}x" if cpu_c else "-"
        print(f"{os.path.basename(path):32} {steps:6d} {rate_c:15.1f} {rate_t:14.1f} "
              f"{rate_c / rate_t:6.2f}x {cpu_ratio:>9}  {'yes' if early < 1e-9 else 'NO'} "
              f"(steps 0-2: {early:.1e}, last: {losses_c[steps]:.6g} vs {losses_t[steps]:.6g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
