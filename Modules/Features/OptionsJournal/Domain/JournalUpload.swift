/// An import as the web app lists one in `uploadedFiles`: a file's name and its fills, in the
/// order the web app reads them. The web app rebuilds its fills from these lists on every upload,
/// so a fill added here stays in the web app only while an upload names it. Fills added by hand
/// are listed under one name of their own.
public struct JournalUpload: Equatable, Sendable {
    public static let byHandName = "Added in invest (journal add)"

    public let name: String
    public let executionIDs: [String]

    public init(name: String, executionIDs: [String]) {
        self.name = name
        self.executionIDs = executionIDs
    }

    /// One per name: importing a file of the same name again adds to its list, as the web app
    /// files fills under their file's name.
    public var id: String { Self.id(name: name) }

    public static func id(name: String) -> String { "upload-" + JournalID.hash(name) }

    public func adding(_ ids: [String]) -> JournalUpload {
        let listed = Set(executionIDs)
        return JournalUpload(name: name, executionIDs: executionIDs + ids.filter { !listed.contains($0) })
    }
}
