/// Bad usage: printed with a hint to try --help; exit status 2.
struct UsageError: Error {
  var message: String
}
