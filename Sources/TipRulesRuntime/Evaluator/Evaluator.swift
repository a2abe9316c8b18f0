import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// Why evaluation of a subexpression stopped early.
enum Interrupt: Error {
    /// A runtime error, where Swift would trap.
    indirect case failure(Diagnostic)
    /// `x?` found nil: the enclosing optional chain evaluates to nil.
    case nilInChain
}

/// What evaluations of a program under the same options share and never change: the program
/// and its node trees, the calendar, the step budgets and the incremental cache. A class made
/// once for many evaluations (an engine keeps one until its options change), so an evaluation
/// costs no copy of any of it: only the clock and the donations are its own.
package final class EvaluationContext: Sendable {
    let program: CompiledProgram
    let runtime: RuntimeProgram
    let calendar: Calendar
    /// The time zone's UTC offset when it never changes (see `CalendarSteps`).
    let fixedOffset: Int?
    let stepBudget: Int
    let totalStepBudget: Int
    /// Where fused group counts and sums keep what they computed, for the next evaluation.
    let cache: IncrementalCache?

    /// A context for evaluations of `program` under `options` (whose clock each evaluation
    /// gives itself).
    package convenience init(program: CompiledProgram, options: EvaluationOptions, cache: IncrementalCache? = nil) {
        self.init(program: program, options: options, runtime: nil, cache: cache)
    }

    init(program: CompiledProgram, options: EvaluationOptions, runtime: RuntimeProgram?, cache: IncrementalCache?) {
        self.program = program
        self.runtime = runtime ?? RuntimeProgram.of(program)
        self.calendar = options.calendar
        self.fixedOffset = options.fixedOffset
        self.stepBudget = options.stepBudget
        self.totalStepBudget = options.totalStepBudget
        self.cache = cache
    }
}

/// A tree-walking evaluator over the program's node trees (`Node`, lowered once from the typed
/// tree). One instance serves one evaluation: it caches each declaration's result (evaluated at
/// most once, on demand) and each event's stream cut.
struct Evaluator {
    let context: EvaluationContext
    /// The evaluation clock, as seconds since 2001.
    let now: Double
    /// Where event streams are read from, the first time a rule needs each.
    let source: StreamSource
    /// The streams of a store made for the program, by event index, read in place (see
    /// `DonationStore.streamAddresses`; `source` keeps them alive); nil for other sources.
    /// (Through `source`, each first read of an event retained and released the store and the
    /// program's events around the call.)
    private let streamTable: UnsafePointer<DonationStream>?
    /// The parameters' values: their defaults, or what the host set.
    private(set) var parameterValues: [Value]
    /// The value a key path's property step reads as its receiver.
    var injected: Value = .null
    private(set) var stepsLeft: Int
    /// Steps given to the current top-level evaluation, and what the whole evaluation has left.
    private var allotted: Int
    private var totalStepsLeft: Int
    private(set) var locals: [Value] = []
    /// Closure parameters of a donation type, kept as their stream and position rather than
    /// as `.donation` values, so binding one per element costs no reference counting. Indexed
    /// like `locals` (the same slot is `.null` there).
    private var donationSlots: [DonationSlot] = []
    /// Closure parameters of type `Int`, `Double`, `Date` or `Bool`, as the bits of their
    /// machine values, so binding one per element neither boxes it nor releases what the slot
    /// held. Indexed like `locals` (the same slot is `.null` there).
    private var scalarSlots: [UInt64] = []
    private var frameBase = 0
    /// The values of the hoisted subexpressions of the scan being evaluated (see
    /// `evaluateHoisted`).
    var hoistedValues: [HoistedValue] = []

    struct DonationSlot {
        var stream: DonationStream?
        var position = 0
    }
    /// The first few declarations an evaluation needs and their states, kept inline: most
    /// evaluations need a rule and a few `let`s, and so allocate nothing to remember them.
    private var inlineDeclarations = InlineDeclarations()

    /// Four declarations and their states in stored fields. (Its methods read only these
    /// fields: a non-mutating method of `Evaluator` called from a mutating one made the
    /// optimizer copy the whole evaluator first.)
    private struct InlineDeclarations {
        private(set) var count = 0
        private var indices: (Int, Int, Int, Int) = (-1, -1, -1, -1)
        private var states: (DeclarationState, DeclarationState, DeclarationState, DeclarationState) =
            (.pending, .pending, .pending, .pending)

        /// Where declaration `index` is, if it is here.
        @inline(__always)
        func position(of index: Int) -> Int? {
            if count > 0, indices.0 == index { return 0 }
            if count > 1, indices.1 == index { return 1 }
            if count > 2, indices.2 == index { return 2 }
            if count > 3, indices.3 == index { return 3 }
            return nil
        }

        func state(at position: Int) -> DeclarationState {
            switch position {
            case 0: states.0
            case 1: states.1
            case 2: states.2
            default: states.3
            }
        }

        mutating func set(_ state: consuming DeclarationState, at position: Int) {
            switch position {
            case 0: states.0 = state
            case 1: states.1 = state
            case 2: states.2 = state
            default: states.3 = state
            }
        }

        /// Whether a field is free for `append`.
        var hasRoom: Bool { count < 4 }

        /// Adds a declaration, in a field that `hasRoom` tells is free. (The state moved in,
        /// not copied: a fresh evaluation stores its rule's value here.)
        mutating func append(_ state: consuming DeclarationState, of index: Int) {
            switch count {
            case 0: (indices.0, states.0) = (index, state)
            case 1: (indices.1, states.1) = (index, state)
            case 2: (indices.2, states.2) = (index, state)
            default: (indices.3, states.3) = (index, state)
            }
            count += 1
        }

        /// Forgets the declarations after the first `kept`.
        mutating func removeStates(after kept: Int) {
            while count > kept {
                count -= 1
                set(.pending, at: count)
                switch count {
                case 0: indices.0 = -1
                case 1: indices.1 = -1
                case 2: indices.2 = -1
                default: indices.3 = -1
                }
            }
        }
    }
    /// The first event's stream cut, inline, and the others', allocated on first use.
    private var firstEvent = -1
    private var firstEventCut: EventCut?
    /// The second event's, inline too (`a.donations.count >= 3 && b.donations.count > 10`).
    private var secondEvent = -1
    private var secondEventCut: EventCut?

    /// An event's cut, its stream held without a reference where the store `source` holds
    /// keeps it alive (see `streamTable`): keeping it then costs no atomic retain and release
    /// an evaluation, and ending the evaluation none either.
    private struct EventCut {
        let stream: Unmanaged<DonationStream>
        let rows: Range<Int>
        /// The stream itself when nothing else keeps it alive (a source other than a store
        /// made for the program).
        let owner: DonationStream?

        var list: DonationList { DonationList(stream: stream.takeUnretainedValue(), positions: .contiguous(rows)) }
    }
    /// The lists the values of `let`s were computed from, kept for their readers (see
    /// `MappedDeclaration`). A declaration's list is the same whenever it is evaluated with the
    /// same parameters (an evaluation's donations and clock never change), so only new
    /// parameter values forget them.
    private var keptLists: [(declaration: Int, list: Value)] = []
    /// The declaration being evaluated for its list alone (see `declarationList`), -1 for
    /// none; and whether its fused node gave the list rather than the values.
    private(set) var listDeclaration = -1
    var listGiven = false
    /// The states of further declarations and the cuts of further events, in one box made on
    /// first use: most evaluations need neither, and then make, copy and destroy no array.
    private var further: FurtherStates?

    /// What `further` holds. Shared by copies of an evaluator (copy on write, see
    /// `uniqueFurther`). (Unchecked: an evaluator is used by one thread at a time.)
    private final class FurtherStates {
        /// The further declarations needed so far, and their states, in the order first needed.
        @exclusivity(unchecked) var declarationIndices: [Int32] = []
        @exclusivity(unchecked) var declarationStates: [DeclarationState] = []
        /// Where each declaration's state is in `declarationStates`, plus one (0: not yet
        /// needed), made once more than `searchedInPlace` are needed: a few are found by
        /// searching `declarationIndices`, so an evaluation of a rule and its few `let`s in a
        /// file of thousands of declarations neither allocates nor zeroes a slot for each.
        @exclusivity(unchecked) var declarationSlots: [Int32] = []
        /// The donations of events read after the first two, each with its event's index: a
        /// rule reads a few events, so a search of these is short, and the list neither
        /// allocates nor destroys a slot for each of the program's events (an array of them,
        /// made and destroyed through the runtime's generic paths, was a sixth of W1829's
        /// evaluation).
        @exclusivity(unchecked) var eventDonations: [(event: Int, list: DonationList)] = []
        /// The values of closures' invariant subexpressions computed so far (see `InvariantNode`).
        @exclusivity(unchecked) var invariants: [RememberedInvariant] = []

        static let searchedInPlace = 16

        init() {}

        init(copying other: FurtherStates) {
            declarationIndices = other.declarationIndices
            declarationStates = other.declarationStates
            declarationSlots = other.declarationSlots
            eventDonations = other.eventDonations
            invariants = other.invariants
        }

        /// Where declaration `index`'s state is in `declarationStates`, if it has one.
        @inline(__always)
        func position(of index: Int) -> Int? {
            if declarationSlots.isEmpty {
                let wanted = Int32(truncatingIfNeeded: index)
                for position in declarationIndices.indices where declarationIndices[position] == wanted { return position }
                return nil
            }
            let slot = declarationSlots[index]
            return slot == 0 ? nil : Int(slot) - 1
        }

        /// Records a state for a declaration that has none, in a program of `declarationCount`.
        func append(_ state: DeclarationState, of index: Int, declarationCount: Int) {
            declarationStates.append(state)
            declarationIndices.append(Int32(truncatingIfNeeded: index))
            if !declarationSlots.isEmpty {
                declarationSlots[index] = Int32(declarationStates.count)
            } else if declarationStates.count > Self.searchedInPlace {
                declarationSlots = Array(repeating: 0, count: declarationCount)
                for (position, declaration) in declarationIndices.enumerated() {
                    declarationSlots[Int(declaration)] = Int32(position + 1)
                }
            }
        }

        /// Forgets the states recorded after the first `count`.
        func removeStates(after count: Int) {
            if !declarationSlots.isEmpty {
                for declaration in declarationIndices[count...] { declarationSlots[Int(declaration)] = 0 }
            }
            declarationIndices.removeSubrange(count...)
            declarationStates.removeSubrange(count...)
        }

        func removeAllStates() {
            declarationIndices = []
            declarationStates = []
            declarationSlots = []
            invariants = []
        }
    }

    /// An invariant subexpression's value, and the steps its evaluation charged beyond its own
    /// node (see `InvariantNode`). The node is held, so that no other node takes its address.
    struct RememberedInvariant {
        let node: InvariantNode
        let value: Value
        let steps: Int
    }

    /// How many invariant values an evaluation remembers: enough for any real rule's closures;
    /// past it (a REPL session evaluating many expressions with one evaluation), further ones
    /// are computed at each use, as before, rather than searched for in a longer list.
    static let rememberedInvariantLimit = 32

    /// The remembered value of an invariant subexpression, its steps charged again; nil when
    /// none is remembered, or when the steps left could not pay for it (evaluated again then,
    /// the budget runs out where it would have).
    mutating func rememberedInvariant(_ node: InvariantNode) throws(Interrupt) -> Value? {
        guard let further else { return nil }
        for remembered in further.invariants where remembered.node === node {
            guard remembered.steps <= stepsLeft else { return nil }
            try tick(remembered.steps, node.range)
            return remembered.value
        }
        return nil
    }

    /// Remembers an invariant subexpression's value and the steps it charged, unless its
    /// evaluation evaluated a declaration for the first time (`declarations` is the mark from
    /// before it), after which the same evaluation charges less.
    mutating func remember(_ node: InvariantNode, _ value: Value, steps: Int, declaredSince declarations: DeclarationMark) {
        guard declarationMark == declarations, steps >= 0,
              (further?.invariants.count ?? 0) < Evaluator.rememberedInvariantLimit else { return }
        uniqueFurther().invariants.append(RememberedInvariant(node: node, value: value, steps: steps))
    }

    /// `further`, made if need be, and held by this evaluator alone, to change.
    private mutating func uniqueFurther() -> FurtherStates {
        if further == nil {
            further = FurtherStates()
        } else if !isKnownUniquelyReferenced(&further!) {
            further = FurtherStates(copying: further!)
        }
        return further.unsafelyUnwrapped
    }

    private enum DeclarationState {
        case pending
        case done(Value)
        indirect case failed(Diagnostic)
        /// Evaluated, and charged, as far as the list a `let`'s mapping goes through, whose
        /// values are made from it when they are read (see `MappedDeclaration`).
        case kept(list: Value)
    }

    var program: CompiledProgram { context.program }
    /// The program's node trees.
    ///
    /// Kept in a field of its own: read through `context` at every use, it would be retained
    /// and released each time (several times per event an evaluation reads).
    let runtime: RuntimeProgram

    init(context: EvaluationContext, source: StreamSource, now: Date, parameterValues: [Value]? = nil) {
        self.context = context
        self.runtime = context.runtime
        // (Before `source` is stored: read after, it would be copied.)
        self.streamTable = source.streamAddresses(for: context.runtime.events)
        self.source = source
        self.now = now.timeIntervalSinceReferenceDate
        self.parameterValues = parameterValues ?? context.runtime.defaultParameterValues
        self.stepsLeft = 0
        self.allotted = 0
        self.totalStepsLeft = context.totalStepBudget
    }

    /// The file of a separately compiled expression being evaluated (see `evaluating(in:_:)`).
    private var expressionFile: SourceFile?
    /// How many declarations are being evaluated, one inside another: their code is the
    /// program's, whatever file the expression that needed them came from.
    private var declarationDepth = 0
    /// How many closure bodies are being evaluated, one inside another (see `tickNode`).
    private(set) var closureDepth = 0
    /// How many fused nodes are running the calls they stand for after their fused form met an
    /// error (see `FusedNode`). Fused nodes inside those calls then run their calls straight
    /// away: trying the fused form again at every level of a chain, and falling back again,
    /// would take time exponential in the chain's length.
    var unfusedDepth = 0
    /// How many times a fused node ran the calls it stands for instead (see `FusedNode`).
    var fallbacks = 0

    /// The file of the code being evaluated: the program's, or a separately compiled
    /// expression's. Worked out only for an error, so evaluating costs no copies of it.
    var file: SourceFile {
        declarationDepth == 0 ? expressionFile ?? program.file : program.file
    }

    /// Runs `body` as the code of a separately compiled expression in `file`.
    mutating func evaluating<T>(in file: SourceFile, _ body: (inout Evaluator) throws(Interrupt) -> T) throws(Interrupt) -> T {
        expressionFile = file
        defer { expressionFile = nil }
        return try body(&self)
    }


    // MARK: - Errors and budget

    func failure(_ message: DiagnosticMessage, _ range: SourceRange) -> Interrupt {
        .failure(Diagnostic(message, file: file, range: range))
    }

    /// Replaces a parameter's value and forgets what was computed from the old one.
    /// Replaces every parameter value and forgets what was computed from the old ones.
    mutating func setParameterValues(_ values: [Value]) {
        parameterValues = values
        forgetDeclarations()
    }

    mutating func setParameter(_ index: Int, _ value: Value) {
        parameterValues[index] = value
        forgetDeclarations()
    }

    /// How far the evaluation had got with its declarations, to go back to when a fused
    /// operation that met an error runs its unfused calls instead (see `FusedNode`): those must
    /// evaluate, and charge, any declaration the fused attempt evaluated. Declarations only
    /// ever get new states, never change known ones, so a count is enough to mark the place.
    /// (The inline states fill first, then the further ones.)
    struct DeclarationMark: Equatable {
        fileprivate let inlineCount: Int
        fileprivate let count: Int
    }

    var declarationMark: DeclarationMark {
        DeclarationMark(inlineCount: inlineDeclarations.count, count: further?.declarationStates.count ?? 0)
    }

    /// Forgets the declarations evaluated since `mark`.
    mutating func forgetDeclarations(since mark: DeclarationMark) {
        guard declarationMark != mark else { return }
        inlineDeclarations.removeStates(after: mark.inlineCount)
        // A value remembered since reads a declaration forgotten now, whose evaluation its
        // next use would charge again (see `InvariantNode`).
        if further?.invariants.isEmpty == false { uniqueFurther().invariants = [] }
        guard let count = further?.declarationStates.count, count > mark.count else { return }
        uniqueFurther().removeStates(after: mark.count)
    }

    private mutating func forgetDeclarations() {
        keptLists = []
        inlineDeclarations.removeStates(after: 0)
        if further != nil {
            uniqueFurther().removeAllStates()
        }
    }

    /// A declaration's state in this evaluation.
    private func state(of index: Int) -> DeclarationState {
        if let position = inlineDeclarations.position(of: index) { return inlineDeclarations.state(at: position) }
        guard let further, let position = further.position(of: index) else { return .pending }
        return further.declarationStates[position]
    }

    private mutating func setState(_ state: consuming DeclarationState, of index: Int) {
        if let position = inlineDeclarations.position(of: index) {
            inlineDeclarations.set(state, at: position)
            return
        }
        // The inline fields fill first (see `DeclarationMark`).
        if further?.declarationStates.isEmpty ?? true, inlineDeclarations.hasRoom {
            inlineDeclarations.append(state, of: index)
            return
        }
        let further = uniqueFurther()
        if let position = further.position(of: index) {
            further.declarationStates[position] = state
        } else {
            further.append(state, of: index, declarationCount: runtime.bodies.count)
        }
    }

    /// Gives the next top-level evaluation a full step budget, or what is left of the total.
    mutating func resetBudget() {
        totalStepsLeft -= max(0, allotted - max(0, stepsLeft))
        allotted = max(0, min(context.stepBudget, totalStepsLeft))
        stepsLeft = allotted
    }

    /// Spends evaluation steps; past the budget the evaluation stops with an error.
    @inline(__always)
    mutating func tick(_ steps: Int = 1, _ range: SourceRange) throws(Interrupt) {
        stepsLeft -= steps
        if stepsLeft < 0 { throw budgetExceeded(range) }
    }

    /// The step of a node visited: one, except inside a closure's body, whose nodes the
    /// closure charged all at once when it was applied (see `TypedExpression.stepSize`).
    @inline(__always)
    mutating func tickNode(_ range: SourceRange) throws(Interrupt) {
        if closureDepth == 0 { try tick(1, range) }
    }

    /// Charges a closure's application and enters its body, whose nodes then charge nothing
    /// (see `tickNode`); `leaveClosure` ends it. (A pair of calls rather than a function
    /// taking the body, which would cost a closure context per application.)
    @inline(__always)
    mutating func enterClosure(_ steps: Int, _ range: SourceRange) throws(Interrupt) {
        try tick(steps, range)
        closureDepth += 1
    }

    @inline(__always)
    mutating func leaveClosure() {
        closureDepth -= 1
    }

    /// The steps all evaluations with this evaluator have taken so far.
    var stepsTaken: Int {
        context.totalStepBudget - totalStepsLeft + max(0, allotted - max(0, stepsLeft))
    }

    /// The steps left, and setting them back to what they were before a fused operation that
    /// met an error, whose unfused calls then run instead (see `FusedNode`).
    var remainingSteps: Int { stepsLeft }
    mutating func restoreSteps(_ steps: Int) { stepsLeft = steps }

    /// The error for a spent budget; kept out of line so `tick` stays small enough to inline.
    @inline(never)
    private func budgetExceeded(_ range: SourceRange) -> Interrupt {
        if allotted < context.stepBudget {
            return failure(RuntimeMessages.totalStepBudget(context.totalStepBudget), range)
        }
        return failure(RuntimeMessages.stepBudget(context.stepBudget), range)
    }

    // MARK: - Declarations

    /// The value of a `let` or `rule`, evaluated at most once per evaluation.
    mutating func declarationValue(_ index: Int) throws(Interrupt) -> Value {
        // A declaration not yet evaluated, as every one is at an evaluation's first ask: no
        // state to copy out and switch over.
        if inlineDeclarations.count == 0 && further == nil { return try evaluateDeclaration(index, forList: false) }
        switch state(of: index) {
        case .done(let value): return value
        case .failed(let error): throw .failure(error)
        case .kept(let list): return valuesKept(from: list, of: index)
        // No state marks a declaration being evaluated: the checker rejects cycles, so none is
        // asked for while it runs, and a state set only once it is known costs half as much.
        case .pending: return try evaluateDeclaration(index, forList: false)
        }
    }

    /// The list a `let`'s values were computed from (see `MappedDeclaration`), the declaration
    /// evaluated if need be; nil when its fused operation gave way to the calls it stands for,
    /// which keep no list. Evaluated for its list first, the declaration makes its values
    /// only when they are read (`valuesKept(from:of:)`): a reader that takes the list needs none.
    mutating func declarationList(_ index: Int) throws(Interrupt) -> Value? {
        switch state(of: index) {
        case .done: return keptList(of: index)
        case .failed(let error): throw .failure(error)
        case .kept(let list): return list
        case .pending:
            _ = try evaluateDeclaration(index, forList: true)
            return try declarationList(index)
        }
    }

    /// A `let`'s values, made from the list it was evaluated as far as (charged then): its
    /// node's mapping over the list. (The node kept the list when it evaluated it.)
    private mutating func valuesKept(from list: Value, of index: Int) -> Value {
        guard let node = runtime.bodies[index] as? FusedNode else { preconditionFailure("a kept list of a declaration that is no fused map") }
        let values = node.values(mappedFrom: list, &self)
        setState(.done(values), of: index)
        return values
    }

    /// Evaluates a declaration's body and keeps its state; `forList` asks a `let` of mapped
    /// values for the list alone (see `declarationList`), which its fused node then gives
    /// (setting `listGiven`) unless it gave way to the calls it stands for.
    private mutating func evaluateDeclaration(_ index: Int, forList: Bool) throws(Interrupt) -> Value {
        let savedListDeclaration = listDeclaration
        listDeclaration = forList ? index : -1
        let savedBase = frameBase
        let savedClosureDepth = closureDepth
        frameBase = locals.count
        declarationDepth += 1
        // A declaration's own nodes charge as they are visited, even when a closure needs it.
        closureDepth = 0
        defer {
            if frameBase < locals.count { locals.removeSubrange(frameBase...) }
            if frameBase < donationSlots.count { donationSlots.removeSubrange(frameBase...) }
            frameBase = savedBase
            declarationDepth -= 1
            closureDepth = savedClosureDepth
            listDeclaration = savedListDeclaration
        }
        do {
            let value = try evaluateBody(of: index)
            if listGiven {
                listGiven = false
                setState(.kept(list: value), of: index)
            } else {
                setState(.done(value), of: index)
            }
            return value
        } catch {
            switch error {
            case .failure(let runtimeError):
                setState(.failed(runtimeError), of: index)
            case .nilInChain:
                preconditionFailure("optional chain escaped its declaration")
            }
            throw error
        }
    }

    /// The value of a declaration's body: `runtime`, which this evaluator holds, keeps the
    /// program's nodes alive.
    @inline(__always)
    private mutating func evaluateBody(of index: Int) throws(Interrupt) -> Value {
        try evaluateUnretained(runtime.bodies.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) })
    }

    /// Evaluates a node something else keeps alive without a reference counted for the call:
    /// an atomic retain and release are a good part of evaluating a short rule.
    @inline(__always)
    mutating func evaluateUnretained(_ node: Unmanaged<Node>) throws(Interrupt) -> Value {
        let result = node._withUnsafeGuaranteedRef { node -> Result<Value, Interrupt> in
            do throws(Interrupt) { return .success(try node.evaluate(&self)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Keeps the list a declaration's value is computed from (see `MappedDeclaration`).
    mutating func keepList(_ list: Value, of declaration: Int) {
        if let index = keptLists.firstIndex(where: { $0.declaration == declaration }) {
            keptLists[index].list = list
        } else {
            keptLists.append((declaration, list))
        }
    }

    /// The list a declaration's value was computed from, when it was kept.
    func keptList(of declaration: Int) -> Value? {
        keptLists.first { $0.declaration == declaration }?.list
    }

    /// A declaration's value when it is an `Int`, a `Double` or a date already evaluated, read
    /// in place: a closure that reads a `let` for every element (`map { ($0 - mean) * ($0 - mean) }`)
    /// would otherwise copy the declaration's state, and box and unbox the number, each time.
    func evaluatedNumber(_ index: Int) -> (int: Int, double: Double)? {
        @inline(__always) func number(_ state: borrowing DeclarationState) -> (int: Int, double: Double)? {
            switch state {
            case .done(.int(let x)): return (x, 0)
            case .done(.double(let x)), .done(.date(let x)): return (0, x)
            default: return nil
            }
        }
        if let position = inlineDeclarations.position(of: index) { return number(inlineDeclarations.state(at: position)) }
        guard let further, let position = further.position(of: index) else { return nil }
        return number(further.declarationStates[position])
    }

    // MARK: - Locals

    /// What row predicates read that is the same for every row (see `RowInvariants`).
    var rowInvariants: RowInvariants {
        RowInvariants(parameterValues: parameterValues, now: now, locals: locals, scalarSlots: scalarSlots,
                      donationSlots: donationSlots, frameBase: frameBase, hoistedValues: hoistedValues)
    }

    /// Evaluates the hoisted subexpressions a scan reads, as its closure would (its nodes charge
    /// nothing), once, for binding; the caller puts `hoistedValues` back when the scan is done.
    /// The charges stay the closure's: an evaluation that charged no steps stands for any number
    /// of them; one that charged steps only the first time (a `let` evaluated then) stands for
    /// the closure's when every row evaluates it, as the scan's first row would have charged
    /// them, or, when only some rows do (behind `&&` or `||` in a filter or a count), when one
    /// of the list's rows reaches it (`HoistedUse.reach`; if none does, the steps are given back
    /// and what it evaluated forgotten; in a search, once it knows the rows it went through, see
    /// `chargeReaching`); anything else gives way to the calls the scan stands for (see
    /// `HoistedExpression`).
    ///
    /// An expression that charges the same steps at every evaluation
    /// (`didRate.donations.map(\.score).max()`) and evaluates no declaration stands for the
    /// closure's evaluations too, charged as the closure would have charged them: where it is
    /// read wherever the closure runs, and `perRow` says the operation's one closure runs on
    /// every row it goes through (charged `FusedSteps.perElement` each), its steps are given
    /// back here and returned, for the operation to charge at each such row; where it is read
    /// behind `&&` or `||` in a filter or a count, for each row that reaches it; in such a
    /// search, returned too, for the search to charge at each row it went through that reaches
    /// it, once it knows those rows (see `chargeReaching`). For any other such expression, the
    /// scan gives way.
    /// Called only once the scan has a row: over no rows, the closure evaluates nothing.
    @discardableResult
    mutating func evaluateHoisted(_ slots: [HoistedSlot], over list: DonationList, _ range: SourceRange,
                                  perRow: Bool = false) throws(Interrupt) -> HoistedCharges {
        guard !slots.isEmpty else { return HoistedCharges() }
        var charges = HoistedCharges()
        var values: [HoistedValue] = []
        values.reserveCapacity(slots.count)
        // (The slots read in place, their nodes called unretained: the fused node that holds
        // them is being evaluated, so they are alive, and a copy of each slot retained and
        // released its three references.)
        for index in slots.indices {
            if slots[index].use.hoisted.isArgument {
                // Evaluated already, by `evaluateArguments`.
                values.append(HoistedValue(hoisted: slots[index].use.hoisted, value: hoistedValues.value(of: slots[index].use.hoisted)))
                continue
            }
            closureDepth += 1
            defer { closureDepth -= 1 }
            let before = stepsLeft, declarations = declarationMark
            let node = slots.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index].node) }
            let value = try evaluateUnretained(node)
            if stepsLeft != before && declarationMark == declarations {
                // It evaluated no declaration, so it charges as much at every evaluation: given
                // back, and charged as the closure would have charged it, or the scan gives way.
                let each = before - stepsLeft
                restoreSteps(before)
                if !slots[index].use.conditional {
                    guard perRow else { throw givingWay(range) }
                    charges.perRow += each
                } else if slots[index].use.searched {
                    // Behind `&&` or `||` in a search: the rows that reach it are among those
                    // the search goes through, known once it is done.
                    guard perRow, slots[index].use.reach != nil else { throw givingWay(range) }
                    charges.perReachingRow.append((slots[index], each))
                } else {
                    // Read behind `&&` or `||` in a filter or a count: charged for each row that
                    // reaches it.
                    guard let reaching = reachingRows(slots[index], list, firstOnly: false) else { throw givingWay(range) }
                    let (total, overflow) = reaching.multipliedReportingOverflow(by: each)
                    guard !overflow else { throw givingWay(range) }
                    try tick(total, range)
                }
            } else if stepsLeft != before {
                // Charged only the first time (a `let` evaluated then), or the scan gives way.
                let again = stepsLeft
                _ = try evaluateUnretained(node)
                guard stepsLeft == again else { throw givingWay(range) }
                if slots[index].use.conditional && slots[index].use.searched {
                    // In a search, which rows it goes through is known once it is done.
                    guard perRow, slots[index].use.reach != nil else { throw givingWay(range) }
                    charges.firstReachingRow.append((slots[index], before - again, declarations, declarationMark))
                } else if slots[index].use.conditional {
                    // The closure evaluates it on some rows only: charged, and the declarations
                    // it evaluated kept, when one of the list's rows reaches it; otherwise as if
                    // it had not been evaluated.
                    guard let reaching = reachingRows(slots[index], list, firstOnly: true) else { throw givingWay(range) }
                    if reaching == 0 {
                        restoreSteps(before)
                        forgetDeclarations(since: declarations)
                    }
                }
            }
            values.append(HoistedValue(hoisted: slots[index].use.hoisted, value: value))
        }
        hoistedValues = values
        return charges
    }

    /// Charges the hoisted expressions a search left to charge (`HoistedCharges.perReachingRow`)
    /// for each row it went through that reaches them: the first `examined` rows of the list,
    /// or with `fromEnd` its last; and gives back what those that charge only the first time
    /// (`HoistedCharges.firstReachingRow`) charged, forgetting the declarations they evaluated,
    /// where none of those rows reaches them. Gives way where a test of reaching cannot be made,
    /// or declarations to forget were followed by others to keep.
    mutating func chargeReaching(_ charges: HoistedCharges, _ list: DonationList, examined: Int, fromEnd: Bool,
                                 _ range: SourceRange) throws(Interrupt) {
        guard charges.needsSearchedRows else { return }
        let offsets = fromEnd ? (list.count - examined)..<list.count : 0..<examined
        guard case .donations(let rows) = slice(of: .donations(list), offsets.lowerBound, offsets.upperBound) else {
            preconditionFailure("a slice of donations that is not donations")
        }
        for (slot, each) in charges.perReachingRow {
            guard let reaching = reachingRows(slot, rows, firstOnly: false) else { throw givingWay(range) }
            let (total, overflow) = reaching.multipliedReportingOverflow(by: each)
            guard !overflow else { throw givingWay(range) }
            try tick(total, range)
        }
        // The last evaluated first, so that each one's declarations are the latest when forgotten.
        for (slot, steps, since, until) in charges.firstReachingRow.reversed() {
            guard let reaching = reachingRows(slot, rows, firstOnly: true) else { throw givingWay(range) }
            guard reaching == 0 else { continue }
            guard declarationMark == until else { throw givingWay(range) }
            restoreSteps(stepsLeft + steps)
            forgetDeclarations(since: since)
        }
    }

    /// Evaluates the hoisted arguments of the calls a fused node stands for (see
    /// `HoistedExpression.isArgument`) as the calls evaluate them: once, as their own nodes,
    /// charging the nodes they visit, whatever the list holds. `evaluateHoisted` then keeps
    /// their values beside those of the closures' subexpressions.
    mutating func evaluateArguments(_ slots: [HoistedSlot]) throws(Interrupt) {
        var values: [HoistedValue] = []
        for index in slots.indices where slots[index].use.hoisted.isArgument {
            let node = slots.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index].node) }
            values.append(HoistedValue(hoisted: slots[index].use.hoisted, value: try evaluateUnretained(node)))
        }
        if !values.isEmpty { hoistedValues = values }
    }

    /// How many rows of the list reach a hoisted expression (pass `slot.use.reach`), or with
    /// `firstOnly` whether one does (1 or 0); nil when the test reads what a scan would first
    /// have to evaluate or prove (hoisted values, `Int` arithmetic). Work a string search in
    /// the test does is not charged: the closure it stands for charges the expression it
    /// guards, not this test.
    private func reachingRows(_ slot: HoistedSlot, _ list: DonationList, firstOnly: Bool) -> Int? {
        if let filters = slot.reachFilters {
            // Bound as a scan binds it, and kept for the next evaluation.
            let bound = boundFilter(list.stream, filters)
            defer { filters.put(bound) }
            guard firstOnly else { return countPassing(list, bound, filters) }
            return firstPassing(list, bound, reverse: false).match == nil ? 0 : 1
        }
        // A test that searches strings or nests a scan is bound afresh without a meter, so
        // that nothing it does counts against the budget.
        guard let predicate = slot.use.reach, !predicate.hasIntArithmetic, !predicate.readsHoisted else { return nil }
        let test = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: nil).bind(predicate)
        var count = 0
        for offset in 0..<list.count where test(list.position(at: offset)) {
            count += 1
            if firstOnly { break }
        }
        return count
    }

    func local(_ slot: Int) -> Value {
        locals[frameBase + slot]
    }

    /// A local of a type other than a donation, wherever its type keeps it.
    func local(_ slot: Int, _ type: RuleType) -> Value {
        guard let kind = ScalarKind(type) else { return local(slot) }
        return kind.value(scalarLocal(slot))
    }

    /// Reads the donation bound to a local (see `setDonationLocal`).
    @inline(__always)
    private func withBoundDonation<T>(_ slot: Int, _ body: (DonationStream, Int) -> T) -> T {
        donationSlots.withUnsafeBufferPointer { buffer in
            let bound = buffer[frameBase + slot]
            return body(bound.stream!, bound.position)
        }
    }

    /// A payload field of the donation in a local.
    func localField(_ slot: Int, _ field: Int) -> Value {
        withBoundDonation(slot) { stream, position in stream.columns[field][position] }
    }

    /// The donation in a local.
    func donationLocal(_ slot: Int) -> Value {
        let bound = donationSlots[frameBase + slot]
        return .donation(bound.stream!, bound.position)
    }

    /// Binds a local of a donation type to an element of a donation list, without taking a
    /// reference to its stream unless the local held another.
    mutating func setDonationLocal(_ slot: Int, of elements: Elements, _ index: Int) {
        let slotIndex = frameBase + slot
        if slotIndex < donationSlots.count && slotIndex < locals.count {
            donationSlots.withUnsafeMutableBufferPointer { buffer in
                if buffer[slotIndex].stream !== elements.stream { buffer[slotIndex].stream = elements.stream }
                buffer[slotIndex].position = elements.position(at: index)
            }
        } else {
            setDonationLocal(slot, elements.stream.unsafelyUnwrapped, elements.position(at: index))
        }
    }

    /// Binds a local of a donation type.
    mutating func setDonationLocal(_ slot: Int, _ stream: DonationStream, _ position: Int) {
        let index = frameBase + slot
        while locals.count <= index { locals.append(.null) }
        if donationSlots.count < locals.count {
            donationSlots.append(contentsOf: repeatElement(DonationSlot(), count: locals.count - donationSlots.count))
        }
        donationSlots.withUnsafeMutableBufferPointer { buffer in
            if buffer[index].stream !== stream { buffer[index].stream = stream }
            buffer[index].position = position
        }
    }

    /// Binds a local of type `Int`, `Double`, `Date` or `Bool` to the bits of its value (see
    /// `Value.scalarBits`).
    @inline(__always)
    mutating func setScalarLocal(_ slot: Int, _ bits: UInt64) {
        let index = frameBase + slot
        if index < scalarSlots.count && index < locals.count {
            scalarSlots.withUnsafeMutableBufferPointer { $0[index] = bits }
        } else {
            growScalarSlots(to: index, bits)
        }
    }

    /// Makes room for a scalar local. `locals` grows too: its count is where the frame of a
    /// declaration needed inside the closure begins.
    @inline(never)
    private mutating func growScalarSlots(to index: Int, _ bits: UInt64) {
        while locals.count <= index { locals.append(.null) }
        if scalarSlots.count < locals.count {
            scalarSlots.append(contentsOf: repeatElement(0, count: locals.count - scalarSlots.count))
        }
        scalarSlots[index] = bits
    }

    /// The bits of a scalar local (see `setScalarLocal`).
    @inline(__always)
    func scalarLocal(_ slot: Int) -> UInt64 {
        scalarSlots.withUnsafeBufferPointer { $0[frameBase + slot] }
    }

    /// The date of the donation in a local.
    func localDate(_ slot: Int) -> Double {
        withBoundDonation(slot) { stream, position in stream.dates[position] }
    }

    /// An `Int` or `Double` payload field of the donation in a local, unboxed.
    func localIntField(_ slot: Int, _ field: Int) -> Int {
        withBoundDonation(slot) { stream, position in stream.columns[field].int(at: position) }
    }

    func localDoubleField(_ slot: Int, _ field: Int) -> Double {
        withBoundDonation(slot) { stream, position in stream.columns[field].double(at: position) }
    }

    /// Whether an optional payload field of the donation in a local is nil, without copying
    /// its value out.
    func localFieldIsNil(_ slot: Int, _ field: Int) -> Bool {
        withBoundDonation(slot) { stream, position in stream.columns[field].isNil(at: position) }
    }

    mutating func setLocal(_ slot: Int, _ value: Value) {
        let index = frameBase + slot
        if index < locals.count {
            locals[index] = value
        } else {
            while locals.count < index { locals.append(.null) }
            locals.append(value)
        }
    }

    // MARK: - Streams

    /// An event's donations as rules see them: dated at or before now, within `maxAge`, the
    /// newest `limit`.
    mutating func donations(ofEvent index: Int, _ range: SourceRange) throws(Interrupt) -> DonationList {
        // (Read in place: `if let` would copy the cut.)
        if index == firstEvent, firstEventCut != nil { return firstEventCut.unsafelyUnwrapped.list }
        if index == secondEvent, secondEventCut != nil { return secondEventCut.unsafelyUnwrapped.list }
        if let further { for kept in further.eventDonations where kept.event == index { return kept.list } }
        let (stream, rows) = try cutEvent(index, range)
        return DonationList(stream: stream.takeUnretainedValue(), positions: .contiguous(rows))
    }

    /// How many donations of an event rules see: `donations(ofEvent:_:).count`, read from the
    /// kept cut in place rather than through a copy of it. (An event read first here makes
    /// no list: a list holds its stream, and retaining and releasing it were a tenth of
    /// evaluating `didLogin.donations.count >= 3`.)
    mutating func donationCount(ofEvent index: Int, _ range: SourceRange) throws(Interrupt) -> Int {
        if index == firstEvent, firstEventCut != nil { return firstEventCut.unsafelyUnwrapped.rows.count }
        if index == secondEvent, secondEventCut != nil { return secondEventCut.unsafelyUnwrapped.rows.count }
        if let further { for kept in further.eventDonations where kept.event == index { return kept.list.count } }
        return try cutEvent(index, range).rows.count
    }

    /// Cuts an event's stream as rules see it (see `donations(ofEvent:_:)`) and keeps the cut,
    /// which keeps the stream alive. (Returned without its owner: copying that out would
    /// count a reference.)
    private mutating func cutEvent(_ index: Int, _ range: SourceRange) throws(Interrupt) -> (stream: Unmanaged<DonationStream>, rows: Range<Int>) {
        // The program's declaration decides what rules see; the source only holds donations.
        let stream: Unmanaged<DonationStream>, owner: DonationStream?
        if let streamTable {
            (stream, owner) = (Unmanaged.passUnretained(streamTable[index]), nil)
        } else {
            do {
                let found = try source.stream(forEventAt: index, of: runtime.events)
                (stream, owner) = (Unmanaged.passUnretained(found), found)
            } catch {
                throw .failure(error)
            }
        }
        let cutoff = try runtime.maxAges[index].map { maxAge throws(Interrupt) in try cutoffDate(maxAge, range) }
        let (now, limit) = (now, runtime.limits[index])
        let rows = stream._withUnsafeGuaranteedRef { stream in
            let end = stream.upperBound(of: now)
            let start = cutoff.map { stream.lowerBound(of: $0, in: 0..<end) } ?? 0
            return max(start, end - limit)..<end
        }
        let cut = EventCut(stream: stream, rows: rows, owner: owner)
        if firstEvent < 0 || firstEvent == index {
            firstEvent = index
            firstEventCut = cut
        } else if secondEvent < 0 || secondEvent == index {
            secondEvent = index
            secondEventCut = cut
        } else {
            uniqueFurther().eventDonations.append((index, cut.list))
        }
        return (stream, rows)
    }

    /// `now` moved back by a time range with Gregorian calendar arithmetic.
    func cutoffDate(_ timeRange: TimeRange, _ range: SourceRange) throws(Interrupt) -> Double {
        guard timeRange.count >= 0 else {
            throw failure(RuntimeMessages.negativeTimeRange(timeRange), range)
        }
        if timeRange.count == 0 { return now }
        guard let cutoff = CalendarSteps.back(from: now, timeRange.unit, timeRange.count, fixedOffset: context.fixedOffset,
                                              calendar: { context.calendar }) else {
            throw failure(RuntimeMessages.calendarOverflow(timeRange), range)
        }
        return cutoff
    }

    // MARK: - Elements

    /// The elements of an array, set or donation list as values.
    func elements(of value: Value) -> [Value] {
        switch value {
        case .array(let items): return items
        case .set(let items): return Array(items)
        case .donations(let list):
            return list.allPositions.map { .donation(list.stream, $0) }
        default:
            preconditionFailure("elements of a non-collection")
        }
    }
}

