extension Collection {
    /// Every element transformed, or nil as soon as one has no transform (an element of
    /// another kind, a nil key): all or nothing, without a second pass.
    func allMapped<T>(_ transform: (Element) -> T?) -> [T]? {
        var mapped: [T] = []
        mapped.reserveCapacity(count)
        for element in self {
            guard let value = transform(element) else { return nil }
            mapped.append(value)
        }
        return mapped
    }
}
