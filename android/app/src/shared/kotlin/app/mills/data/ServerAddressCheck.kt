package app.mills.data

import uniffi.mills_ffi.MillsException
import uniffi.mills_ffi.ServerAddressInfo
import uniffi.mills_ffi.readServerAddress

/**
 * The engine's reading of a server address as the settings hold it: whether it is encrypted
 * (the "not encrypted" warning, the cleartext check) and where its privacy policy is. Null
 * when the address is blank (the app is offline) or unusable (opening a room says why).
 */
fun serverAddressInfo(address: String): ServerAddressInfo? {
    val trimmed = address.trim()
    if (trimmed.isEmpty()) return null
    return try {
        readServerAddress(trimmed)
    } catch (e: MillsException) {
        null
    }
}

/**
 * The manifest's cleartext rule (res/xml/network_security_config.xml: this device only), for
 * builds without Android's NetworkSecurityPolicy: the desktop UI and its tests.
 */
fun cleartextToLoopbackOnly(host: String): Boolean = host == "localhost" || host == "127.0.0.1"
