import ArgumentParser

/// Refuses the first option whose value is not positive: "--NAME must be positive".
func requirePositive(_ options: KeyValuePairs<String, Int>) throws {
    for (name, value) in options where value <= 0 { throw ValidationError("--\(name) must be positive") }
}
