import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension InMemoryStore: CalDAVStore {
  public func resource(named name: String) throws -> CalDAVResource? {
    state.withLock { $0.calDAV[name] }
  }

  public func resources(item: UUID) throws -> [CalDAVResource] {
    state.withLock { state in
      state.calDAV.values.filter { $0.item == item }.sorted { $0.name < $1.name }
    }
  }

  public func resources(changedAfter revision: Int64) throws -> [CalDAVResource] {
    state.withLock { state in
      state.calDAV.values.filter { $0.revision > revision }.sorted { $0.name < $1.name }
    }
  }

  @discardableResult
  public func saveResource(_ resource: CalDAVResource) throws -> Int64 {
    state.withLock { state in
      state.revision += 1
      var written = resource
      written.revision = state.revision
      state.calDAV[resource.name] = written
      return state.revision
    }
  }
}
