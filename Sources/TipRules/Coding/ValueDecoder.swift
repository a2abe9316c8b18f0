import Foundation
import TipRulesRuntime
import TipRulesSemantics

/// Decodes a host's `Decodable` type from a rule value: `Int`, `Double`, `Bool`, `String` and
/// `Date` from the scalars, optionals from optionals, arrays and sets from unkeyed containers,
/// and a donation's payload (plus its `date`) from a keyed container.
struct ValueDecoder: Decoder {
    let value: Value
    let type: RuleType
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: Value, _ type: RuleType, codingPath: [any CodingKey] = []) {
        self.value = value
        self.type = type
        self.codingPath = codingPath
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: Value, _ ruleType: RuleType) throws -> T {
        try ValueDecoder(value, ruleType).decode(type)
    }

    func mismatch(_ expected: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(expected, DecodingError.Context(
            codingPath: codingPath, debugDescription: "expected \(expected), but the rule value is '\(type)'"))
    }

    /// `T` from this value; `Date` is read directly rather than through its own `Decodable`.
    func decode<T: Decodable>(_: T.Type) throws -> T {
        if T.self == Date.self {
            guard case .date(let seconds) = value else { throw mismatch(T.self) }
            return Date(timeIntervalSinceReferenceDate: seconds) as! T
        }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .donation(let stream, let position) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(DonationContainer<Key>(stream: stream, position: position, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let elementType = type.elementType ?? .error
        switch value {
        case .array(let items): return ElementsContainer(items: items, elementType: elementType, codingPath: codingPath)
        case .set(let items): return ElementsContainer(items: Array(items), elementType: elementType, codingPath: codingPath)
        case .donations(let list):
            let items = list.allPositions.map { Value.donation(list.stream, $0) }
            return ElementsContainer(items: items, elementType: elementType, codingPath: codingPath)
        default: throw mismatch([Any].self)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValue(decoder: self)
    }

    /// One scalar (or an optional around one).
    struct SingleValue: SingleValueDecodingContainer {
        let decoder: ValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value.isNull }

        /// The value with one level of optional removed, for decoding the wrapped type.
        private var unwrapped: ValueDecoder {
            guard case .optional(let wrapped) = decoder.type else { return decoder }
            if case .some(let inner) = decoder.value { return ValueDecoder(inner, wrapped, codingPath: codingPath) }
            return ValueDecoder(decoder.value, wrapped, codingPath: codingPath)
        }

        func decode(_: Bool.Type) throws -> Bool {
            guard case .bool(let x) = unwrapped.value else { throw decoder.mismatch(Bool.self) }
            return x
        }
        func decode(_: String.Type) throws -> String {
            guard case .string(let x) = unwrapped.value else { throw decoder.mismatch(String.self) }
            return x
        }
        func decode(_: Double.Type) throws -> Double {
            guard case .double(let x) = unwrapped.value else { throw decoder.mismatch(Double.self) }
            return x
        }
        func decode(_: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func decode(_: Int.Type) throws -> Int {
            guard case .int(let x) = unwrapped.value else { throw decoder.mismatch(Int.self) }
            return x
        }
        func decode(_: Int8.Type) throws -> Int8 { try exactly(Int8.self) }
        func decode(_: Int16.Type) throws -> Int16 { try exactly(Int16.self) }
        func decode(_: Int32.Type) throws -> Int32 { try exactly(Int32.self) }
        func decode(_: Int64.Type) throws -> Int64 { try exactly(Int64.self) }
        func decode(_: UInt.Type) throws -> UInt { try exactly(UInt.self) }
        func decode(_: UInt8.Type) throws -> UInt8 { try exactly(UInt8.self) }
        func decode(_: UInt16.Type) throws -> UInt16 { try exactly(UInt16.self) }
        func decode(_: UInt32.Type) throws -> UInt32 { try exactly(UInt32.self) }
        func decode(_: UInt64.Type) throws -> UInt64 { try exactly(UInt64.self) }
        func decode<T: Decodable>(_: T.Type) throws -> T { try unwrapped.decode(T.self) }

        private func exactly<T: FixedWidthInteger>(_: T.Type) throws -> T {
            let value = try decode(Int.self)
            guard let exact = T(exactly: value) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "\(value) does not fit \(T.self)"))
            }
            return exact
        }
    }

    /// The elements of an array, a set or a list of donations.
    struct ElementsContainer: UnkeyedDecodingContainer {
        let items: [Value]
        let elementType: RuleType
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(items: [Value], elementType: RuleType, codingPath: [any CodingKey]) {
            self.items = items
            self.elementType = elementType
            self.codingPath = codingPath
        }

        private mutating func next() throws -> ValueDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "no more elements"))
            }
            defer { currentIndex += 1 }
            return ValueDecoder(items[currentIndex], elementType, codingPath: codingPath + [IndexKey(intValue: currentIndex)])
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex].isNull else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode<T: Decodable>(_: T.Type) throws -> T { try next().decode(T.self) }
        mutating func nestedContainer<N: CodingKey>(keyedBy _: N.Type) throws -> KeyedDecodingContainer<N> {
            try next().container(keyedBy: N.self)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    /// A donation's payload fields by name, and its `date`.
    struct DonationContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let stream: DonationStream
        let position: Int
        let codingPath: [any CodingKey]

        var allKeys: [Key] { (["date"] + stream.schema.fields.map(\.name)).compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool {
            key.stringValue == "date" || stream.schema.fieldIndex(key.stringValue) != nil
        }

        private func field(_ key: Key) throws -> ValueDecoder {
            if key.stringValue == "date" {
                return ValueDecoder(.date(stream.dates[position]), .date, codingPath: codingPath + [key])
            }
            guard let index = stream.schema.fieldIndex(key.stringValue) else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(
                    codingPath: codingPath, debugDescription: "event '\(stream.schema.id)' has no field '\(key.stringValue)'"))
            }
            return ValueDecoder(stream.columns[index][position], stream.schema.fields[index].type, codingPath: codingPath + [key])
        }

        func decodeNil(forKey key: Key) throws -> Bool { try field(key).value.isNull }
        func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T { try field(key).decode(T.self) }
        func nestedContainer<N: CodingKey>(keyedBy _: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
            try field(key).container(keyedBy: N.self)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try field(key).unkeyedContainer() }
        func superDecoder() throws -> any Decoder { ValueDecoder(.donation(stream, position), .donation(stream.schema.id), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder { try field(key) }
    }
}

/// A coding key for positions in unkeyed containers.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}
