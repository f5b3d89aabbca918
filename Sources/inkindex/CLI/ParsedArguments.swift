import Foundation

/// A small argument parser: `--flag`, `--option value` / `--option=value`, `-o value`, and
/// positionals. Commands declare what they accept so that unknown options are usage errors.
struct ParsedArguments: Sendable {
    private(set) var positionals: [String] = []
    private var flags: Set<String> = []
    private var options: [String: [String]] = [:]

    /// - Parameters:
    ///   - flags: option names that take no value (without dashes).
    ///   - options: option names that take a value (without dashes); short aliases such as "o"
    ///     may be listed too.
    init(_ arguments: [String], flags allowedFlags: Set<String> = [], options allowedOptions: Set<String> = []) throws {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = String(argument.drop { $0 == "-" })
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if allowedFlags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw CLIError.usage("option \(argument) needs a value")
                }
                options[name, default: []].append(value)
            } else {
                throw CLIError.usage("unknown option \(argument)")
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given under any of `names` (for example "output" and "o").
    func option(_ names: String...) -> String? {
        names.compactMap { options[$0]?.last }.last
    }

    /// Every value given under any of `names`, in order.
    func options(_ names: String...) -> [String] {
        names.flatMap { options[$0] ?? [] }
    }

    func intOption(_ names: String...) throws -> Int? {
        guard let raw = names.compactMap({ options[$0]?.last }).last else { return nil }
        guard let value = Int(raw) else { throw CLIError.usage("--\(names[0]) needs a whole number, not '\(raw)'") }
        return value
    }

    /// The positional at `index`, or a usage error naming what is missing.
    func positional(_ index: Int, _ what: String) throws -> String {
        guard index < positionals.count else { throw CLIError.usage("missing \(what)") }
        return positionals[index]
    }
}
