// InkTools: what measures, demonstrates and tests InkIndex, kept out of what an app links.
//
// - `SearchBenchmark/`: search speed and quality, noisy stand-in readers, tuning dumps.
// - `LibraryBenchmark/`: note-library sizes, speeds and reindexing under load.
// - `LayoutBenchmark/`: IAM-OnDB pages restacked, with generated hand-drawn marks.
// - `Evaluation/`: character and word error rates, latency, held-out writers.
// - `Demo/`: the demo's sermon notes, written as synthetic ink that carries its transcript,
//   and the recognizer that reads that transcript back.
//
// The CLI (`inkindex`) and the test targets use it; it is not a product.
