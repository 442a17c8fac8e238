// Stub of Apple's AudioToolbox for tests/swift-linux: declarations only.
public typealias SystemSoundID = UInt32

public func AudioServicesPlaySystemSound(_ inSystemSoundID: SystemSoundID) {}
