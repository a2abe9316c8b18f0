import Foundation
import TipRulesRuntime
import TipRulesSemantics

/// Encodes a host's `Encodable` value into rule values: a payload struct into its fields by
/// name, or a parameter's value (a scalar, an optional, an array or a set) into one value.
final class ValueEncoder: Encoder {
    /// What has been encoded so far.
    private enum Slot {
        case empty
        case single(Value)
        case keyed([String: Value])
        case unkeyed([Value])
    }

    private var slot = Slot.empty
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey] = []) {
        self.codingPath = codingPath
    }

    /// The fields of a payload: each stored property by its coding key. Properties that encode
    /// nothing (a `nil` optional) are absent, which the schema check reads as `nil`.
    static func fields(of value: some Encodable) throws -> [String: Value] {
        let encoder = ValueEncoder()
        try value.encode(to: encoder)
        switch encoder.slot {
        case .keyed(let fields): return fields
        case .empty: return [:]
        default:
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "a payload must encode as a keyed container (a struct)"))
        }
    }

    /// One value, for a parameter.
    static func value(of value: some Encodable) throws -> Value {
        let encoder = ValueEncoder()
        try encoder.encodeValue(value)
        return try encoder.result()
    }

    /// Encodes `value`, reading `Date` directly.
    fileprivate func encodeValue(_ value: some Encodable) throws {
        if let date = value as? Date {
            slot = .single(.date(date.timeIntervalSinceReferenceDate))
        } else {
            try value.encode(to: self)
        }
    }

    fileprivate func result() throws -> Value {
        switch slot {
        case .single(let value): return value
        case .unkeyed(let items): return .array(items)
        case .empty: return .null
        case .keyed:
            throw EncodingError.invalidValue(0, EncodingError.Context(codingPath: codingPath, debugDescription: "a nested struct is not a rule value"))
        }
    }

    /// The value of a nested encodable (a field, an element, a wrapped value). Integers of
    /// every width become `Int` when they fit.
    fileprivate static func encoded(_ value: some Encodable, at path: [any CodingKey]) throws -> Value {
        if let integer = value as? any BinaryInteger {
            return try ValueEncoder.integer(integer, path)
        }
        let nested = ValueEncoder(codingPath: path)
        try nested.encodeValue(value)
        return try nested.result()
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = slot {} else { slot = .keyed([:]) }
        return KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = slot {} else { slot = .unkeyed([]) }
        return Unkeyed(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    fileprivate func store(_ value: Value, forKey key: String) {
        guard case .keyed(var fields) = slot else { return }
        fields[key] = value
        slot = .keyed(fields)
    }

    fileprivate func append(_ value: Value) {
        guard case .unkeyed(var items) = slot else { return }
        items.append(value)
        slot = .unkeyed(items)
    }

    fileprivate func set(_ value: Value) { slot = .single(value) }

    private static func integer<T: BinaryInteger>(_ value: T, _ path: [any CodingKey]) throws -> Value {
        guard let exact = Int(exactly: value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: path, debugDescription: "\(value) does not fit 'Int'"))
        }
        return .int(exact)
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil(forKey key: Key) { encoder.store(.null, forKey: key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) { encoder.store(.bool(value), forKey: key.stringValue) }
        mutating func encode(_ value: String, forKey key: Key) { encoder.store(.string(value), forKey: key.stringValue) }
        mutating func encode(_ value: Double, forKey key: Key) { encoder.store(.double(value), forKey: key.stringValue) }
        mutating func encode(_ value: Float, forKey key: Key) { encoder.store(.double(Double(value)), forKey: key.stringValue) }
        mutating func encode(_ value: Int, forKey key: Key) { encoder.store(.int(value), forKey: key.stringValue) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            encoder.store(try ValueEncoder.encoded(value, at: codingPath + [key]), forKey: key.stringValue)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy _: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
            ValueEncoder(codingPath: codingPath + [key]).container(keyedBy: N.self)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            ValueEncoder(codingPath: codingPath + [key]).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { ValueEncoder(codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder(codingPath: codingPath + [key]) }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int {
            if case .unkeyed(let items) = encoder.slot { return items.count }
            return 0
        }

        mutating func encodeNil() { encoder.append(.null) }
        mutating func encode(_ value: Bool) { encoder.append(.bool(value)) }
        mutating func encode(_ value: String) { encoder.append(.string(value)) }
        mutating func encode(_ value: Double) { encoder.append(.double(value)) }
        mutating func encode(_ value: Float) { encoder.append(.double(Double(value))) }
        mutating func encode(_ value: Int) { encoder.append(.int(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            encoder.append(try ValueEncoder.encoded(value, at: codingPath + [IndexKey(intValue: count)]))
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy _: N.Type) -> KeyedEncodingContainer<N> {
            ValueEncoder(codingPath: codingPath).container(keyedBy: N.self)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { ValueEncoder(codingPath: codingPath).unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { ValueEncoder(codingPath: codingPath) }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() { encoder.set(.null) }
        mutating func encode(_ value: Bool) { encoder.set(.bool(value)) }
        mutating func encode(_ value: String) { encoder.set(.string(value)) }
        mutating func encode(_ value: Double) { encoder.set(.double(value)) }
        mutating func encode(_ value: Float) { encoder.set(.double(Double(value))) }
        mutating func encode(_ value: Int) { encoder.set(.int(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            encoder.set(try ValueEncoder.encoded(value, at: codingPath))
        }
    }
}

extension Value {
    /// The value in the representation of a declared type, where the host's encoding differs
    /// only in form: a Swift `Set` encodes as an array, an optional's payload needs its box when
    /// the type is doubly optional.
    func shaped(as type: RuleType) -> Value {
        switch (self, type) {
        case (.null, _): return .null
        case (.array(let items), .set(let element)): return .set(Set(items.map { $0.shaped(as: element) }))
        case (.array(let items), .array(let element)): return .array(items.map { $0.shaped(as: element) })
        case (_, .optional(let wrapped)): return Value.wrap(shaped(as: wrapped), wrapped: wrapped)
        default: return self
        }
    }
}
