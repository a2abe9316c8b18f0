import TipRulesSyntax

/// The payload schema and stream options of an event, as declared in a rule file.
///
/// Two schemas are equal when they declare the same id, fields, limit and maxAge; where they
/// were written does not matter.
public struct EventSchema: Sendable, Hashable {
    /// One payload field.
    public struct Field: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// The field's type: a payload type, or an optional of one.
        public var type: RuleType
        /// Where the field is declared (for errors about donations of it).
        public var range: SourceRange

        /// A field; `range` is where it is declared, when it was.
        public init(name: String, type: RuleType, range: SourceRange = SourceRange(start: 0, end: 0)) {
            self.name = name
            self.type = type
            self.range = range
        }

        public static func == (a: Field, b: Field) -> Bool { a.name == b.name && a.type == b.type }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(type)
        }
    }

    /// The event's id, as declared.
    public var id: String
    /// The payload fields, in declaration order.
    public var fields: [Field]
    /// Rules see at most the newest `limit` donations.
    public var limit: Int
    /// Rules see no donation older than `now` moved back by this range.
    public var maxAge: TimeRange?
    /// The rule file that declares the event, when it came from one.
    public var file: SourceFile?
    /// Where the event's name is declared in `file`.
    public var range: SourceRange

    /// An event schema; `file` and `range` say where it is declared, when it was.
    public init(id: String, fields: [Field], limit: Int = 1000, maxAge: TimeRange? = nil, file: SourceFile? = nil,
                range: SourceRange = SourceRange(start: 0, end: 0)) {
        self.id = id
        self.file = file
        self.fields = fields
        self.limit = limit
        self.maxAge = maxAge
        self.range = range
    }

    /// The index of a field by name.
    public func fieldIndex(_ name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }

    public static func == (a: EventSchema, b: EventSchema) -> Bool {
        a.id == b.id && a.fields == b.fields && a.limit == b.limit && a.maxAge == b.maxAge
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(fields)
    }
}
