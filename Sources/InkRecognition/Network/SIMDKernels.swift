/// Whether the network runs its explicit-SIMD kernels. Unoptimized (debug) builds run the
/// scalar ones instead: generic SIMD types are hundreds of times slower without optimization,
/// which would make every test that recognizes ink take minutes. Both do the same arithmetic
/// (integer sums, and the same float operations in the same order), so they agree bit for bit;
/// `KernelTests` checks it.
#if DEBUG
let useSIMDKernels = false
#else
let useSIMDKernels = true
#endif

@inline(__always)
func load4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
}

@inline(__always)
func store4(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
}
