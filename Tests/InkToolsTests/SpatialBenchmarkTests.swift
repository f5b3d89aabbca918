import Testing
@testable import InkTools
