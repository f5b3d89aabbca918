/// The `caseMatchingOnly` check: aligns a query word with a reading (case kept) and fails where
/// an aligned pair is the same letter in different case. Confusions and edits elsewhere are left
/// to the distance, so "Job" agrees with "J0b" but not with "job".
///
/// ```swift
/// CaseAgreement.agrees(query: "Job", reading: "job", prefix: false)   // false
/// CaseAgreement.agrees(query: "Note", reading: "Notebook", prefix: true)  // true
/// ```
/// Complexity: O(|query| · |reading|).
public enum CaseAgreement {
    public static func agrees(query: String, reading: String, prefix: Bool) -> Bool {
        let a = Array(query), b = Array(reading)
        let la = a.map { $0.lowercased() }, lb = b.map { $0.lowercased() }
        let n = a.count, m = b.count
        guard n > 0 else { return true }
        let w = m + 1
        var d = [Int](repeating: 0, count: (n + 1) * w)
        for j in 0...m { d[j] = j }
        for i in 1...n {
            d[i * w] = i
            for j in stride(from: 1, through: m, by: 1) {
                let sub = d[(i - 1) * w + j - 1] + (la[i - 1] == lb[j - 1] ? 0 : 1)
                d[i * w + j] = min(sub, d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1)
            }
        }
        var j = prefix ? (0...m).min { d[n * w + $0] < d[n * w + $1] }! : m
        var i = n
        while i > 0, j > 0 {
            let here = d[i * w + j]
            if here == d[(i - 1) * w + j - 1] + (la[i - 1] == lb[j - 1] ? 0 : 1) {
                if la[i - 1] == lb[j - 1], a[i - 1] != b[j - 1] { return false }
                i -= 1; j -= 1
            } else if here == d[(i - 1) * w + j] + 1 {
                i -= 1
            } else {
                j -= 1
            }
        }
        return true
    }
}
