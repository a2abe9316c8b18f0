import TipRulesSemantics
import TipRulesSyntax

/// A JSON value that keeps each number as written, so an `Int` field can insist on an integer
/// literal without fraction or exponent.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number's text exactly as written.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in the order written (keys are unique).
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o): for (k, v) in o { hasher.combine(k); hasher.combine(v) }
        }
    }

    /// A short description of the value's JSON type, for error messages.
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Where one member of a JSON object is in the text parsed: what a diagnostic about it points at.
package struct JSONMemberSpan: Sendable, Hashable {
    /// The key of the top-level member whose value the object is; nil for the top-level object.
    package let parent: String?
    package let key: String
    /// The key, quotes included.
    package let keyRange: Range<Int>
    package let valueRange: Range<Int>
}

/// A JSON value parsed with where its members are (see `JSONParser.parseLocated`).
package struct LocatedJSON: Sendable {
    package let value: JSONValue
    /// The members of the top-level object, and of the objects that are their values, in order.
    package let members: [JSONMemberSpan]

    /// The member `key` of the top-level object (`parent` nil), or of the object that is the
    /// value of its member `parent`.
    package func member(_ key: String, in parent: String? = nil) -> JSONMemberSpan? {
        members.first { $0.key == key && $0.parent == parent }
    }
}

/// A strict JSON parser (RFC 8259) with a nesting limit; it reports the byte column of the
/// first problem.
package struct JSONParser {
    package struct Failure: Error, Sendable, Hashable {
        package var message: String
        /// 1-based byte column in the input.
        package var column: Int
    }

    private let bytes: [UInt8]
    private var index: Int
    private let end: Int
    private let maxDepth: Int
    /// Where the members of the top-level object and of the objects that are its members'
    /// values are, when asked for (`parseLocated`); nil otherwise.
    private var members: [JSONMemberSpan]?

    private init(bytes: [UInt8], index: Int, end: Int, maxDepth: Int, locating: Bool) {
        (self.bytes, self.index, self.end, self.maxDepth) = (bytes, index, end, maxDepth)
        members = locating ? [] : nil
    }

    /// Parses exactly one JSON value from `bytes[range]` (whitespace around it allowed).
    package static func parse(_ bytes: [UInt8], range: Range<Int>? = nil, maxDepth: Int = 64) -> Result<JSONValue, Failure> {
        parse(bytes, range: range, maxDepth: maxDepth, locating: false).map(\.value)
    }

    /// `parse`, also telling where the members of the top-level object, and of the objects
    /// that are their values, are in `bytes`: what a diagnostic about a donation's key or
    /// payload field points at.
    package static func parseLocated(_ bytes: [UInt8], range: Range<Int>? = nil, maxDepth: Int = 64) -> Result<LocatedJSON, Failure> {
        parse(bytes, range: range, maxDepth: maxDepth, locating: true)
    }

    private static func parse(_ bytes: [UInt8], range: Range<Int>?, maxDepth: Int, locating: Bool) -> Result<LocatedJSON, Failure> {
        var parser = JSONParser(bytes: bytes, index: range?.lowerBound ?? 0, end: range?.upperBound ?? bytes.count, maxDepth: maxDepth,
                                locating: locating)
        let start = parser.index
        do {
            parser.skipWhitespace()
            let value = try parser.value(depth: 0, key: nil)
            parser.skipWhitespace()
            if parser.index < parser.end {
                throw parser.failure("unexpected text after the JSON value")
            }
            return .success(LocatedJSON(value: value, members: parser.members ?? []))
        } catch let failure as Failure {
            return .failure(Failure(message: failure.message, column: failure.column - start))
        } catch {
            return .failure(Failure(message: "invalid JSON", column: 1))
        }
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: message, column: index + 1)
    }

    private var current: UInt8? { index < end ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws -> JSONValue {
        let expected = Array(word.utf8)
        guard index + expected.count <= end, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw failure("invalid JSON value")
        }
        index += expected.count
        return value
    }

    /// The value at `index`; `key` is the member's key when it is the value of a member.
    private mutating func value(depth: Int, key: String?) throws -> JSONValue {
        guard depth <= maxDepth else { throw failure("JSON nested more than \(maxDepth) levels deep") }
        guard let byte = current else { throw failure("unexpected end of the line; expected a JSON value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth, key: key)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("invalid JSON value")
        }
    }

    private mutating func object(depth: Int, key parent: String?) throws -> JSONValue {
        // (Members located, when asked, in the top-level object and in the objects its members hold.)
        let locates = self.members != nil && (depth == 0 || depth == 1 && parent != nil)
        index += 1
        var members: [(String, JSONValue)] = []
        var keys: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted key in the JSON object") }
            let keyColumn = index
            let key = try string()
            let keyEnd = index
            // Donation objects have a handful of keys: comparing with each is cheaper than
            // hashing, and a set takes over for large objects.
            let duplicate = members.count < 16 ? members.contains { $0.0 == key } : !keys.insert(key).inserted
            if members.count == 15 { keys = Set(members.map(\.0)) }
            guard !duplicate else {
                throw Failure(message: "duplicate key \"\(key)\" in the JSON object", column: keyColumn + 1)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            index += 1
            skipWhitespace()
            let valueStart = index
            members.append((key, try value(depth: depth + 1, key: key)))
            if locates {
                self.members?.append(JSONMemberSpan(parent: parent, key: key, keyRange: keyColumn..<keyEnd, valueRange: valueStart..<index))
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw failure("expected ',' or '}' in the JSON object")
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1, key: nil))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw failure("expected ',' or ']' in the JSON array")
        }
    }

    private mutating func number() throws -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else { throw failure("invalid number") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = current, next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9") { throw failure("numbers may not have leading zeros") }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw failure("expected digits after '.' in the number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw failure("expected digits in the exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private mutating func string() throws -> String {
        index += 1
        // Fast path: a run without escapes or control characters that is valid UTF-8 becomes
        // the string in one step. Anything else goes scalar by scalar below, which also finds
        // and locates the errors.
        let start = index
        var scan = index
        var isASCII = true
        while scan < end {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                // ASCII is valid UTF-8 as it is; other text is validated.
                let text = isASCII ? String(decoding: bytes[start..<scan], as: UTF8.self)
                    : String(validating: bytes[start..<scan], as: UTF8.self)
                if let text {
                    index = scan + 1
                    return text
                }
                break
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte >= 0x80 { isASCII = false }
            scan += 1
        }
        var scalars = String.UnicodeScalarView()
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                index += 1
                scalars.append(try escape())
            case 0..<0x20:
                throw failure("control character in a string; escape it")
            case 0..<0x80:
                scalars.append(Unicode.Scalar(byte))
                index += 1
            default:
                scalars.append(try multibyteScalar())
            }
        }
    }

    private mutating func escape() throws -> Unicode.Scalar {
        guard let byte = current else { throw failure("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800...0xDBFF).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("unpaired surrogate in \\u escape") }
            return scalar
        default:
            index -= 1
            throw failure("invalid escape in a string")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= end else { throw failure("expected four hexadecimal digits after \\u") }
        guard let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else {
            throw failure("expected four hexadecimal digits after \\u")
        }
        index += 4
        return value
    }

    private mutating func multibyteScalar() throws -> Unicode.Scalar {
        let b0 = bytes[index]
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
        default: throw failure("invalid UTF-8")
        }
        guard index + length <= end else { throw failure("invalid UTF-8") }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { throw failure("invalid UTF-8") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw failure("invalid UTF-8") }
        index += length
        return scalar
    }
}
