import Foundation
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Rules at work: a `RuleSet`, the donations its events record, the values of its parameters,
/// and the clock. Hosts get typed handles from it (`event(_:)`, `parameter(_:as:)`) and ask it
/// whether rules hold.
///
/// ```swift
/// let engine = RuleEngine(rules: try RuleSet(contentsOfFile: "tips.rules"))
/// let didLogin = try engine.event("didLogin")
/// try didLogin.donate()
/// if try engine.isSatisfied("frequentLogin") { showTip() }
/// ```
///
/// An engine is `Sendable`: donate, set parameters and evaluate from any thread. Each
/// evaluation reads one snapshot of the donations and parameters, so concurrent donations
/// never tear a result.
public final class RuleEngine: Sendable {
    /// The compiled rules.
    public let rules: RuleSet
    /// Where donations are recorded and read.
    public let storage: any DonationStorage

    private struct State {
        var clock: EvaluationClock
        var parameterValues: [Value]
        /// The time zone's calendar and the step budget, made once rather than per evaluation.
        var options: EvaluationOptions {
            didSet {
                context = nil
                memo.forget()
            }
        }
        /// What every evaluation under `options` shares, made on first use after they change.
        var context: EvaluationContext?
        /// The declarations asked for most recently, by name: a host asks for the same few
        /// rules again and again, and comparing a name with the one it passed before is far
        /// cheaper than hashing it.
        var recentNames = RecentNames()
        /// The declarations' last outcomes, reused while nothing they depend on changed.
        var memo = ResultMemo()
        /// Expressions asked for recently, compiled, lowered, and their outcomes in `memo`.
        var recentExpressions = RecentExpressions()

        /// Keeps a newly compiled expression, forgetting the outcome of the one it replaces;
        /// returns the expression kept for the text (another thread's, if it compiled the same
        /// text first) and its slot.
        mutating func keep(_ prepared: PreparedExpression, for text: String) -> (prepared: PreparedExpression, slot: Int) {
            let kept = recentExpressions.keep(prepared, for: text)
            if kept.evicted { memo.forgetExpression(inSlot: kept.slot) }
            return (kept.prepared, kept.slot)
        }

        /// What an evaluation reads besides the donations: the context, the clock read now,
        /// the parameters, and the memo's generation (see `ResultMemo.remember`).
        mutating func inputs(for program: CompiledProgram, cache: IncrementalCache) -> EvaluationInputs {
            inputs(context(for: program, cache: cache), now: clock.now())
        }

        /// The same with the context and the clock already read; `remembers` tells whether the
        /// outcome is to be remembered (see `ResultMemo.remembersOutcome`).
        func inputs(_ context: EvaluationContext, now: Date, remembers: Bool = true) -> EvaluationInputs {
            EvaluationInputs(context: context, now: now, parameterValues: parameterValues, memoGeneration: memo.generation,
                             remembers: remembers)
        }

        /// The context of evaluations under `options`, made on first use after they change.
        mutating func context(for program: CompiledProgram, cache: IncrementalCache) -> EvaluationContext {
            if let context { return context }
            let made = EvaluationContext(program: program, options: options, cache: cache)
            context = made
            return made
        }
    }

    /// What an evaluation reads besides the donations (see `State.inputs`).
    private struct EvaluationInputs {
        var context: EvaluationContext
        var now: Date
        var parameterValues: [Value]
        var memoGeneration: Int
        /// Whether the memo is to keep the outcome.
        var remembers: Bool
    }

    /// A few names and their declaration indices, most recent first.
    private struct RecentNames {
        private var entries: [(name: String, declaration: Declaration)] = []

        /// Where a declaration is, and whether it is a `Bool` (so `isSatisfied` may ask it).
        struct Declaration {
            var index: Int
            var isBool: Bool
        }

        mutating func declaration(named name: String, in program: CompiledProgram) -> Declaration? {
            if let found = entries.firstIndex(where: { $0.name == name }) {
                let entry = entries[found]
                if found > 0 {
                    entries.remove(at: found)
                    entries.insert(entry, at: 0)
                }
                return entry.declaration
            }
            guard let index = program.declarationIndex(name) else { return nil }
            let isBool: Bool
            if case .bool = program.declarations[index].type { isBool = true } else { isBool = false }
            let declaration = Declaration(index: index, isBool: isBool)
            if entries.count == 8 { entries.removeLast() }
            entries.insert((name, declaration), at: 0)
            return declaration
        }
    }

    /// A few expressions asked through `evaluate(expression:)`, compiled and lowered, most
    /// recent first: a host that asks the same expression again (a dashboard, a REPL, a test
    /// loop) compiles it once. Each has a slot of its own in the memo for its outcome.
    private struct RecentExpressions {
        static let capacity = 16
        private var entries: [(text: String, prepared: PreparedExpression, slot: Int)] = []

        /// The expression compiled for a text, and its slot.
        mutating func expression(for text: String) -> (prepared: PreparedExpression, slot: Int)? {
            guard let found = entries.firstIndex(where: { $0.text == text }) else { return nil }
            let entry = entries[found]
            if found > 0 {
                entries.remove(at: found)
                entries.insert(entry, at: 0)
            }
            return (entry.prepared, entry.slot)
        }

        /// Whether a slot still holds this very expression (no other thread replaced it).
        func holds(_ prepared: PreparedExpression, inSlot slot: Int) -> Bool {
            entries.contains { $0.slot == slot && $0.prepared === prepared }
        }

        /// Keeps an expression for a text in the slot of the least recently asked one when all
        /// are taken (`evicted`), or the one already kept for the text.
        mutating func keep(_ prepared: PreparedExpression, for text: String)
            -> (prepared: PreparedExpression, slot: Int, evicted: Bool) {
            if let known = expression(for: text) { return (known.prepared, known.slot, false) }
            let evicted = entries.count == RecentExpressions.capacity
            let slot = evicted ? entries.removeLast().slot : entries.count
            entries.insert((text, prepared, slot), at: 0)
            return (prepared, slot, evicted)
        }
    }

    private let state: Locked<State>
    /// The storage when it is the in-memory one, whose snapshots tell whether the donations
    /// changed: outcomes are then remembered (see `ResultMemo`). Durable storages read their
    /// backing store at every snapshot, so every evaluation reads afresh.
    private let inMemory: InMemoryDonationStorage?
    /// What group counts and sums computed last time, so that evaluating again after a new
    /// donation adds only that donation (see `IncrementalCache`).
    private let incremental = IncrementalCache()

    /// An engine over rules, recording donations in `storage` (in memory by default).
    public init(rules: RuleSet, storage: (any DonationStorage)? = nil, clock: EvaluationClock = .system) {
        self.rules = rules
        let storage = storage ?? InMemoryDonationStorage(events: rules.program.events)
        self.storage = storage
        self.inMemory = storage as? InMemoryDonationStorage
        self.state = Locked(State(clock: clock, parameterValues: rules.program.parameters.map { Value($0.defaultValue) },
                                  options: EvaluationOptions(timeZone: clock.timeZone), context: nil))
    }

    /// The evaluation clock and time zone (the system clock in UTC unless set).
    public var clock: EvaluationClock {
        get { state.read { $0.clock } }
        set {
            state.write { state in
                state.clock = newValue
                if state.options.timeZone != newValue.timeZone { state.options.timeZone = newValue.timeZone }
            }
        }
    }

    /// The most steps one evaluation of a declaration may take before it stops with an error.
    public var stepBudget: Int {
        get { state.read { $0.options.stepBudget } }
        set {
            state.write { state in
                state.options.stepBudget = max(1, newValue)
                state.options.totalStepBudget = max(state.options.totalStepBudget, state.options.stepBudget)
            }
        }
    }

    // MARK: - Handles

    /// An event without payload, as TipKit's `Tips.Event(id:)`.
    public func event(_ id: String) throws(Diagnostic) -> Event<EmptyDonation> {
        try event(id, donationInfo: EmptyDonation.self)
    }

    /// An event whose donations carry a `Codable` payload. The type's properties are checked
    /// against the event's declaration: a field missing, extra or of another type is an error
    /// located at the declaration.
    public func event<Info: Codable & Sendable>(_ id: String, donationInfo: Info.Type) throws(Diagnostic) -> Event<Info> {
        guard let index = rules.program.eventIndex(id) else {
            throw APIErrors.unknown("event", id, among: rules.eventIDs)
        }
        let schema = rules.program.events[index]
        try PayloadBinding.check(Info.self, against: schema)
        return Event(engine: self, schema: schema, eventIndex: index)
    }

    /// A parameter, as TipKit's `@Parameter`: its value is read and set through the handle.
    /// `T` must be able to hold the declared type (`Bool` for `Bool`, `String?` for `String?`,
    /// `Set<String>` or `[String]` for `Set<String>`).
    public func parameter<T: Codable & Sendable>(_ name: String, as type: T.Type) throws(Diagnostic) -> Parameter<T> {
        guard let index = rules.program.parameterIndex(name) else {
            throw APIErrors.unknown("parameter", name, among: rules.parameterNames)
        }
        let declared = rules.program.parameters[index]
        if (try? ValueDecoder.decode(T.self, from: Value(declared.defaultValue), declared.type)) == nil {
            throw APIErrors.at(APIMessages.parameterTypeMismatch(name, declared: declared.type, swiftType: "\(T.self)"),
                               rules.program.file, declared.range, subject: name)
        }
        return Parameter(engine: self, index: index)
    }

    // MARK: - Evaluating

    /// Whether a rule holds now. A rule whose evaluation fails is not satisfied, and the
    /// failure is thrown (located in the rule's source), never swallowed.
    public func isSatisfied(_ rule: String) throws(Diagnostic) -> Bool {
        // The type decides before anything is evaluated; then the value alone, without a
        // `RuleResult` or even an `EvaluationResult` around it.
        var inputs: EvaluationInputs?
        let answer = try outcome(of: rule, asRule: true, &inputs)
        let value = if let remembered = answer.remembered {
            try remembered.outcome.get()
        } else {
            try evaluateAfresh(declarationAt: answer.index, inputs!).get()
        }
        guard case .bool(let holds) = value else { return false }
        return holds
    }

    /// A `let` or `rule` decoded into a Swift type.
    ///
    /// ```swift
    /// let opens = try engine.value(of: "opensThisWeek", as: Int.self)
    /// ```
    public func value<T: Decodable>(of name: String, as type: T.Type) throws(Diagnostic) -> T {
        try evaluate(name).decode(as: T.self)
    }

    /// Evaluates a `let` or `rule`.
    public func evaluate(_ name: String) throws(Diagnostic) -> RuleResult {
        var inputs: EvaluationInputs?
        let answer = try outcome(of: name, asRule: false, &inputs)
        let declaration = rules.program.declarations[answer.index]
        let outcome = if let remembered = answer.remembered {
            remembered.outcome
        } else {
            try evaluateAfresh(declarationAt: answer.index, inputs!)
        }
        return RuleResult(EvaluationResult(name: declaration.name, type: declaration.type, outcome: outcome))
    }

    /// What asking for a declaration found under the state's lock.
    private enum Lookup {
        case unknown
        case remembered(RecentNames.Declaration, ResultMemo.Outcome)
        case evaluate(RecentNames.Declaration)
    }

    /// A declaration's index, and its value or runtime error now as remembered from the last
    /// time it was asked when nothing it depends on changed since (see `ResultMemo`); nil when
    /// it is to be evaluated afresh with `inputs` (the caller's, so that neither an outcome
    /// object is made for an evaluation the memo does not keep, nor a value copied out of the
    /// memo's). `asRule` asks for a `Bool` declaration.
    private func outcome(of name: String, asRule: Bool,
                         _ inputs: inout EvaluationInputs?) throws(Diagnostic) -> (index: Int, remembered: ResultMemo.Outcome?) {
        // Which donations a snapshot taken now would hold, before the clock is read (see
        // `evaluateAfresh`).
        let generation = inMemory?.currentGeneration
        let program = rules.program
        // One lock for the name, the clock, the memo and, when the memo has no answer, what
        // the evaluation reads (kept out of `Lookup`, which every answer copies).
        let lookup = state.write { state -> Lookup in
            guard let declaration = state.recentNames.declaration(named: name, in: program) else { return .unknown }
            let now = state.clock.now()
            guard let generation, let remembered = state.memo.outcome(ofDeclarationAt: declaration.index, generation: generation,
                                                                      now: now) else {
                // (The context made first: made in the argument list, it had `state` copied whole.)
                let context = state.context(for: program, cache: incremental)
                inputs = state.inputs(context, now: now,
                                      remembers: state.memo.remembersOutcome(ofDeclarationAt: declaration.index, now: now))
                return .evaluate(declaration)
            }
            return .remembered(declaration, remembered)
        }
        func checked(_ declaration: RecentNames.Declaration) throws(Diagnostic) -> Int {
            if asRule && !declaration.isBool {
                throw APIErrors.notARule(name, program.declarations[declaration.index].type)
            }
            return declaration.index
        }
        switch lookup {
        case .unknown: throw APIErrors.unknown("'let' or 'rule'", name, among: rules.declarationNames)
        case .remembered(let declaration, let remembered): return (try checked(declaration), remembered)
        case .evaluate(let declaration): return (try checked(declaration), nil)
        }
    }

    /// Evaluates a declaration over a fresh snapshot, and remembers the outcome when the
    /// storage is in memory and `inputs` say to.
    private func evaluateAfresh(declarationAt index: Int, _ inputs: EvaluationInputs) throws(Diagnostic) -> Result<Value, Diagnostic> {
        try evaluateAfresh(inputs, { $0.outcome(ofDeclarationAt: index) }) { state, outcome, snapshot in
            state.memo.remember(outcome, ofDeclarationAt: index, over: snapshot, now: inputs.now, in: inputs.context,
                                generation: inputs.memoGeneration)
        }
    }

    /// Runs `evaluate` over a fresh snapshot and, when the storage is in memory and `inputs`
    /// say to, has `remember` keep the outcome in the memo under the state's lock.
    ///
    /// The snapshot is taken after the clock was read (in `inputs`): the evaluation is as of
    /// that reading, over every donation recorded by the time of the snapshot. One recorded
    /// meanwhile and dated later than the reading is in the snapshot but not yet seen by rules
    /// (only donations dated at or before the clock exist), as it would be had it come later.
    private func evaluateAfresh(_ inputs: EvaluationInputs, _ evaluate: (inout Evaluation) -> Result<Value, Diagnostic>,
                                remember: (inout State, Result<Value, Diagnostic>, StoreSnapshot) -> ResultMemo.Outcome?)
        throws(Diagnostic) -> Result<Value, Diagnostic> {
        let rememberable = inMemory?.storeSnapshot()
        var evaluation = if let rememberable {
            Evaluation(context: inputs.context, store: rememberable.store, now: inputs.now, parameterValues: inputs.parameterValues)
        } else {
            Evaluation(context: inputs.context, donations: try storage.snapshot(), now: inputs.now, parameterValues: inputs.parameterValues)
        }
        let outcome = evaluate(&evaluation)
        if let rememberable, inputs.remembers {
            state.write { _ = remember(&$0, outcome, rememberable) }
        }
        return outcome
    }

    /// Evaluates every `let` and `rule` over one snapshot, in file order.
    public func evaluateAll() throws(Diagnostic) -> [RuleResult] {
        var evaluation = try makeEvaluation()
        return evaluation.evaluateAll().map(RuleResult.init)
    }

    /// Compiles and evaluates an expression in the rules' context.
    ///
    /// ```swift
    /// let ids = try engine.evaluate(expression: "didViewLandmarkDetail.donations.map(\\.landmarkID)")
    /// ```
    ///
    /// The engine keeps the last few expressions it compiled, and their outcomes as it keeps
    /// those of declarations: asking the same text again compiles nothing, and evaluates
    /// nothing while its donations, parameters and clock reading are unchanged.
    public func evaluate(expression text: String) throws(RuleError) -> RuleResult {
        let generation = inMemory?.currentGeneration
        let program = rules.program
        // As `outcome(of:asRule:)`: one lock for the text, the clock, the memo and, when the
        // memo has no answer, what the evaluation reads.
        var inputs: EvaluationInputs?
        let known = state.write { state -> (prepared: PreparedExpression, slot: Int, remembered: ResultMemo.Outcome?)? in
            guard let (prepared, slot) = state.recentExpressions.expression(for: text) else { return nil }
            let now = state.clock.now()
            if let generation, let remembered = state.memo.outcome(ofExpressionInSlot: slot, generation: generation, now: now) {
                return (prepared, slot, remembered)
            }
            let context = state.context(for: program, cache: incremental)
            inputs = state.inputs(context, now: now, remembers: state.memo.remembersOutcome(ofExpressionInSlot: slot, now: now))
            return (prepared, slot, nil)
        }
        let prepared: PreparedExpression, slot: Int
        if let known {
            if let remembered = known.remembered { return result(of: known.prepared, remembered.outcome) }
            (prepared, slot) = (known.prepared, known.slot)
        } else {
            let compiled = RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: program)
            guard let expression = compiled.expression else {
                throw RuleError(diagnostics: compiled.diagnostics, suppressedCount: compiled.suppressedCount)
            }
            let made = PreparedExpression(expression)
            (prepared, slot) = state.write { $0.keep(made, for: text) }
        }
        do {
            // (A text compiled just now reads the clock after compiling it.)
            return result(of: prepared, try evaluateAfresh(prepared, inSlot: slot, inputs ?? evaluationInputs()))
        } catch {
            throw RuleError(diagnostics: [error])
        }
    }

    private func result(of prepared: PreparedExpression, _ outcome: Result<Value, Diagnostic>) -> RuleResult {
        RuleResult(EvaluationResult(name: prepared.name, type: prepared.compiled.type, outcome: outcome))
    }

    /// Evaluates an expression over a fresh snapshot, and remembers the outcome in its slot
    /// when the storage is in memory and the slot still holds it.
    private func evaluateAfresh(_ prepared: PreparedExpression, inSlot slot: Int,
                                _ inputs: EvaluationInputs) throws(Diagnostic) -> Result<Value, Diagnostic> {
        try evaluateAfresh(inputs, { $0.outcome(of: prepared) }) { state, outcome, snapshot in
            guard state.recentExpressions.holds(prepared, inSlot: slot) else { return nil }
            return state.memo.remember(outcome, ofExpression: prepared, inSlot: slot, over: snapshot, now: inputs.now,
                                       in: inputs.context, generation: inputs.memoGeneration)
        }
    }

    // MARK: - Donations

    /// Loads an NDJSON donation log into the storage. Every bad line is returned as a
    /// diagnostic located in the log; every good line is recorded. Afterwards the donations no
    /// rule can see any more as of the clock are evicted (see `evictDonations()`).
    @discardableResult
    public func loadDonations(ndjson bytes: [UInt8], fileName: String = "<donations>") throws(Diagnostic) -> [Diagnostic] {
        var loaded = DonationStore(program: rules.program)
        let issues = DonationLog.load(bytes, fileName: fileName, into: &loaded)
        for schema in rules.program.events {
            let stream = try loaded.stream(for: schema)
            for position in 0..<stream.count {
                let payload = stream.columns.map { $0[position] }
                try storage.record(schema, date: Date(timeIntervalSinceReferenceDate: stream.dates[position]), payload: payload)
            }
        }
        try evictDonations()
        return issues
    }

    /// Forgets the donations no rule can see any more as of the engine's clock, or any later
    /// clock: those past each event's `limit` and `maxAge`. Returns how many were dropped.
    /// Evaluating with the clock set back afterwards may miss them.
    @discardableResult
    public func evictDonations() throws(Diagnostic) -> Int {
        let clock = self.clock
        return try storage.evictDonations(for: rules.program.events, asOf: clock.now(), timeZone: clock.timeZone)
    }

    /// Records a checked payload.
    func record(_ schema: EventSchema, fields: [String: Value], at date: Date?) throws(Diagnostic) {
        let payload = try DonationErrors.checkedPayload(fields, for: schema)
        try storage.record(schema, date: date ?? clock.now(), payload: payload)
    }

    /// An event's donations as rules see them now.
    func donations(ofEvent index: Int) throws(Diagnostic) -> Value {
        var evaluation = try makeEvaluation()
        return try evaluation.donations(ofEvent: index).get()
    }

    // MARK: - Parameters

    func parameterValue(_ index: Int) -> Value {
        state.read { $0.parameterValues[index] }
    }

    func setParameterValue(_ index: Int, _ value: Value) throws(Diagnostic) {
        let parameter = rules.program.parameters[index]
        let shaped = value.shaped(as: parameter.type)
        guard shaped.conforms(to: parameter.type) else {
            throw ParameterErrors.wrongType(parameter, in: rules.program)
        }
        state.write { state in
            state.parameterValues[index] = shaped
            state.memo.forget()
        }
    }

    /// Why a `let` or `rule` has its value now, and what would change it: the same
    /// explanation `tiprules explain` and the REPL's `:explain` give.
    ///
    /// ```swift
    /// print(try engine.explain("frequentLogin"))
    /// ```
    public func explain(_ name: String) throws(Diagnostic) -> RuleExplanation {
        guard rules.program.declarationIndex(name) != nil else {
            throw APIErrors.unknown("'let' or 'rule'", name, among: rules.declarationNames)
        }
        let current = state.read { $0 }
        let snapshot = try storage.snapshot()
        var options = current.options
        options.now = current.clock.now()
        let explainer = Explainer(program: rules.program, donations: snapshot, options: options, parameterValues: current.parameterValues)
        guard let explanation = explainer.explain(name) else {
            throw APIErrors.unknown("'let' or 'rule'", name, among: rules.declarationNames)
        }
        return RuleExplanation(explanation)
    }

    // MARK: - Evaluations

    /// An evaluation over a snapshot of the donations and the current parameters and clock
    /// (read first, as `evaluateAfresh` reads them).
    private func makeEvaluation() throws(Diagnostic) -> Evaluation {
        let inputs = evaluationInputs()
        let snapshot = try storage.snapshot()
        return Evaluation(context: inputs.context, donations: snapshot, now: inputs.now, parameterValues: inputs.parameterValues)
    }

    /// What an evaluation reads besides the donations, under one lock.
    private func evaluationInputs() -> EvaluationInputs {
        state.write { $0.inputs(for: rules.program, cache: incremental) }
    }
}

extension APIErrors {
    static func notARule(_ name: String, _ type: RuleType) -> Diagnostic {
        .about(name, APIMessages.notARule(name, type))
    }
}

/// A value behind a lock, for the engine's shared state.
final class Locked<State>: @unchecked Sendable {
    // `@unchecked`: `state` is only touched while `lock` is held, which is also why its accesses
    // skip the run-time exclusivity check (it would cost as much as the lock).
    private let lock = Lock()
    @exclusivity(unchecked) private var state: State

    init(_ state: State) {
        self.state = state
    }

    func read<T>(_ body: (State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(state)
    }

    @discardableResult
    func write<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
