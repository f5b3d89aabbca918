"""Rewrites the metadata of an exported weights file without touching its tensors: the feature
settings from features.py (F.config()) and, optionally, the model version. Used when the
preprocessing changes but the network does not (feature version 2 added width normalization to
the version 3 network's weights; HISTORY.md, "Recognition version 5"). Needs no PyTorch.

    python restamp.py ../Sources/InkIndexResearchModels/Resources/inkrec.weights --model-version 4 [--out PATH]
"""
import argparse, json, struct
import features as F

MAGIC = b"INKW"


def read(path):
    with open(path, "rb") as fh:
        blob = fh.read()
    if blob[:4] != MAGIC:
        raise SystemExit(f"{path}: not a weights file")
    (length,) = struct.unpack("<Q", blob[8:16])
    header = json.loads(blob[16:16 + length].decode("utf-8"))
    return blob[4:8], header, blob[16 + length:]


def write(path, version_bytes, header, data):
    hb = json.dumps(header, separators=(",", ":")).encode("utf-8")
    hb += b" " * ((-len(hb) - 16) % 16)   # raw data starts 16-byte aligned, as export.py writes
    with open(path, "wb") as fh:
        fh.write(MAGIC + version_bytes + struct.pack("<Q", len(hb)) + hb + data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("weights")
    ap.add_argument("--model-version", type=int)
    ap.add_argument("--out")
    a = ap.parse_args()
    version_bytes, header, data = read(a.weights)
    header["metadata"]["features"] = F.config()
    if a.model_version is not None:
        header["metadata"]["modelVersion"] = a.model_version
    write(a.out or a.weights, version_bytes, header, data)
    print(f"{a.out or a.weights}: features {json.dumps(header['metadata']['features']['width'])}, "
          f"model version {header['metadata']['modelVersion']}")


if __name__ == "__main__":
    main()
