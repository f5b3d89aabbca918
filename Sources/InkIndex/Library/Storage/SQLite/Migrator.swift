/// Brings a database's schema up to date, one numbered step at a time, recording the version in
/// `PRAGMA user_version`. Each step runs in its own transaction, so a crash leaves the schema at
/// a whole version.
///
/// ```swift
/// let migrator = Migrator(steps: ["CREATE TABLE a(x)", "CREATE TABLE b(y)"])
/// try migrator.migrate(db)   // user_version becomes 2
/// ```
package struct Migrator: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file was written by a newer InkIndex whose schema this build does not know.
        case newerSchema(found: Int, known: Int)
        /// The stored version is negative: no InkIndex writes one, so the file header is damaged.
        case invalidSchemaVersion(Int)
        public var description: String {
            switch self {
            case .newerSchema(let found, let known):
                "the library's schema version is \(found), newer than this build knows (\(known)); upgrade InkIndex"
            case .invalidSchemaVersion(let found):
                "the library's schema version is \(found), which no InkIndex writes: its file header is damaged"
            }
        }
    }

    /// SQL for each version: `steps[0]` takes a new file to version 1, and so on.
    public let steps: [String]
    /// Work in Swift that completes a version after its SQL, in the same transaction (refilling
    /// a derived table that SQL alone cannot compute), keyed by version.
    public let followUps: [Int: @Sendable (Database) throws -> Void]

    public init(steps: [String], followUps: [Int: @Sendable (Database) throws -> Void] = [:]) {
        self.steps = steps
        self.followUps = followUps
    }

    public var currentVersion: Int { steps.count }

    public func migrate(_ db: Database) throws {
        let found = try db.userVersion
        guard found >= 0 else { throw Failure.invalidSchemaVersion(found) }
        guard found <= steps.count else { throw Failure.newerSchema(found: found, known: steps.count) }
        for version in found..<steps.count {
            try db.transaction {
                // Another connection may have taken this step since the version was read.
                guard try db.userVersion == version else { return }
                try db.execute(steps[version])
                try followUps[version + 1]?(db)
                try db.setUserVersion(version + 1)
            }
        }
    }
}
