extension Array {
    /// The index of the first element for which `belongs` holds, found by halving: the array must
    /// be partitioned so (every element failing `belongs` before every one passing it).
    func partitionIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
