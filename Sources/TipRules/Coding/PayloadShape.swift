import Foundation
import TipRulesSemantics

/// The stored properties a `Decodable` payload type reads, and their rule types, found by
/// decoding the type once from a decoder that records each request and answers with a
/// placeholder. Binding an event to a Swift type compares this shape with the declaration.
struct PayloadShape {
    /// Each property by coding key: its rule type, or nil when it is not a payload type.
    var properties: [(name: String, type: RuleType?)] = []

    /// The shape of `T`, or nil when it cannot be read this way (its `init(from:)` rejects the
    /// placeholders, or it is not a keyed struct); then donations are still checked one by one.
    static func of<T: Decodable>(_ type: T.Type) -> PayloadShape? {
        let recorder = Recorder()
        do {
            _ = try T(from: ShapeDecoder(recorder: recorder))
        } catch {
            return nil
        }
        // A type that decoded without asking for a keyed container has no properties.
        return PayloadShape(properties: recorder.properties)
    }

    final class Recorder {
        var properties: [(name: String, type: RuleType?)] = []
        /// The key whose `nil` was just asked for.
        var optionalKey: String?
        func record(_ name: String, _ type: RuleType?) {
            if !properties.contains(where: { $0.name == name }) { properties.append((name, type)) }
        }
    }

    /// The rule type of a Swift scalar type, or nil.
    static func ruleType(of type: Any.Type) -> RuleType? {
        switch type {
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
             is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type: return .int
        case is Double.Type, is Float.Type: return .double
        case is Bool.Type: return .bool
        case is String.Type: return .string
        case is Date.Type: return .date
        default: return nil
        }
    }

    /// A placeholder of a scalar type.
    static func placeholder<T>(_ type: T.Type) -> T? {
        switch type {
        case is Int.Type: return 0 as? T
        case is Int8.Type: return Int8(0) as? T
        case is Int16.Type: return Int16(0) as? T
        case is Int32.Type: return Int32(0) as? T
        case is Int64.Type: return Int64(0) as? T
        case is UInt.Type: return UInt(0) as? T
        case is UInt8.Type: return UInt8(0) as? T
        case is UInt16.Type: return UInt16(0) as? T
        case is UInt32.Type: return UInt32(0) as? T
        case is UInt64.Type: return UInt64(0) as? T
        case is Double.Type: return 0.0 as? T
        case is Float.Type: return Float(0) as? T
        case is Bool.Type: return false as? T
        case is String.Type: return "" as? T
        case is Date.Type: return Date(timeIntervalSinceReferenceDate: 0) as? T
        default: return nil
        }
    }

    struct Unsupported: Error {}

    struct ShapeDecoder: Decoder {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
            return KeyedDecodingContainer(Keyed<Key>(recorder: recorder))
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Unsupported() }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Unsupported() }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }

        /// `decodeIfPresent` asks this first: the property is optional.
        func decodeNil(forKey key: Key) throws -> Bool {
            recorder.optionalKey = key.stringValue
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let scalar = PayloadShape.ruleType(of: T.self)
            recorder.record(key.stringValue, recorder.optionalKey == key.stringValue ? scalar.map { .optional($0) } : scalar)
            recorder.optionalKey = nil
            guard let value = PayloadShape.placeholder(T.self) else { throw Unsupported() }
            return value
        }

        func nestedContainer<N: CodingKey>(keyedBy _: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
            recorder.record(key.stringValue, nil)
            throw Unsupported()
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            recorder.record(key.stringValue, nil)
            throw Unsupported()
        }
        func superDecoder() throws -> any Decoder { throw Unsupported() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw Unsupported() }
    }
}
