import Foundation

/// The alphabets that stored evidence refers to by id (`alphabets`; one row per recognizer
/// alphabet, so each word's blob carries a small id instead of the characters). Rows are only
/// ever appended, so a connection caches what it reads by id.
final class EvidenceAlphabets {
    private var byID: [Int64: String] = [:]

    /// The id of `characters`, adding the row where it is new. Not cached: it runs inside the
    /// caller's write transaction, which may roll back.
    static func id(of characters: String, in db: any SQLConnection) throws -> Int64 {
        if let found = try db.scalarInt("SELECT id FROM alphabets WHERE characters = ?", [.text(characters)]) { return found }
        return try db.insertReturningID("INSERT INTO alphabets(characters) VALUES (?)", [.text(characters)])
    }

    /// The characters of a stored id, nil where there is no such row.
    func characters(of id: Int64, in db: any SQLConnection) throws -> String? {
        if let characters = byID[id] { return characters }
        guard let characters = try db.query("SELECT characters FROM alphabets WHERE id = ?", [.int(id)], row: { $0.text(0) }).first else { return nil }
        byID[id] = characters
        return characters
    }
}
