import Foundation
import Testing
@testable import InkCore
@testable import InkIndex

/// Account ids as library names: plain names stored as they are, any other id under a hash of
/// it that no plain name can take; SHA-256 as FIPS 180-4's examples give it.
@Suite struct LibraryNameTests {
    @Test func sha256MatchesThePublishedDigests() {
        #expect(SHA256.hexDigest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Two blocks: the padding falls past the first.
        #expect(SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hexDigest(Array(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func plainNamesKeepTheirNameAndOtherIdsAreHashed() throws {
        #expect(try LibraryName("alice").storageName == "alice")
        #expect(try LibraryName("Team_42").storageName == "Team_42")
        let email = try LibraryName("carol@example.org"), uuid = try LibraryName("3f2a9c1e-7b4d-4e8a-9f00-1c2d3e4f5a6b")
        for name in [email, uuid] {
            #expect(name.storageName.count == 41 && name.storageName.hasPrefix("h"))
            #expect(name.storageName.dropFirst().allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
        #expect(email.storageName != uuid.storageName)
        #expect(try LibraryName("carol@example.org") == email, "the same id, the same name")
        #expect(try LibraryName("José").storageName.hasPrefix("h"))
        // A plain name shaped like a hashed one is hashed, so it cannot open another id's library.
        let lookalike = "h" + String(repeating: "a", count: 40)
        #expect(try LibraryName(lookalike).storageName != lookalike)
    }

    @Test func idsThatCannotNameALibraryAreRefused() {
        #expect(throws: LibraryName.Failure.empty) { try LibraryName("") }
        #expect(throws: LibraryName.Failure.tooLong(bytes: 201)) { try LibraryName(String(repeating: "x", count: 201)) }
        #expect(throws: LibraryName.Failure.controlCharacter) { try LibraryName("alice\nbob") }
        #expect(throws: LibraryName.Failure.controlCharacter) { try LibraryName("a\u{0}") }
        #expect((try? LibraryName(String(repeating: "é", count: 100))) != nil, "200 bytes of UTF-8")
    }
}
