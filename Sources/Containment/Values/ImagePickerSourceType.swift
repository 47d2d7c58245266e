/// `UIImagePickerController.SourceType`, an image picker's `sourceType`.
public enum ImagePickerSourceType: String, Codable, Sendable, CaseIterable {
    case photoLibrary
    case camera
    case savedPhotosAlbum
}
