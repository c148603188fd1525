import Foundation

/// Whether there is anything to play speech on, checked before espeak opens its audio output
/// (which, without a device, prints ALSA errors and fails silently in asynchronous mode).
enum AudioDeviceProbe {
    /// What will play the sound (a PulseAudio/PipeWire server or an ALSA device), or why nothing can.
    static func playbackDevice(environment: [String: String], alsaDirectory: String = "/dev/snd") -> Result<String, DriverAlertsError> {
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return .success("PulseAudio server \(server)") }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(getuid())"
        let socket = runtime + "/pulse/native"
        if FileManager.default.fileExists(atPath: socket) { return .success("PulseAudio/PipeWire at \(socket)") }
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: alsaDirectory)) ?? []
        if let playback = devices.sorted().first(where: { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }) {
            return .success("ALSA \(alsaDirectory)/\(playback)")
        }
        return .failure(.noAudioDevice("no PulseAudio/PipeWire server at \(socket), no ALSA playback device in \(alsaDirectory)"))
    }
}
