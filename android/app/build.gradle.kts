import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

// The Rust engine: built for each ABI with cargo-ndk, and its Kotlin bindings generated from the
// built library by the workspace's own uniffi-bindgen. Both are build output, never committed.
val repoRoot: File = rootProject.projectDir.parentFile
val rustAbis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")
val rustJniLibs = layout.buildDirectory.dir("rustJniLibs")
val uniffiKotlin = layout.buildDirectory.dir("generated/uniffi/kotlin")

// cargo, found here rather than on the PATH alone: Android Studio on macOS starts the Gradle
// daemon without the login shell's PATH, so ~/.cargo/bin is often missing from it. Order: the
// Gradle property `mills.cargo` (e.g. in ~/.gradle/gradle.properties), $CARGO_HOME/bin, ~/.cargo/bin,
// then the PATH. Null when none exists: the Rust tasks then stop with a message saying so.
val cargoExecutable: String? = run {
    val name = if (System.getProperty("os.name").startsWith("Windows")) "cargo.exe" else "cargo"
    val candidates = buildList<File> {
        providers.gradleProperty("mills.cargo").orNull?.let { add(File(it)) }
        providers.environmentVariable("CARGO_HOME").orNull?.let { add(File(it, "bin/$name")) }
        add(File(System.getProperty("user.home"), ".cargo/bin/$name"))
        providers.environmentVariable("PATH").orNull?.split(File.pathSeparator)?.forEach { add(File(it, name)) }
    }
    candidates.firstOrNull { it.isFile && it.canExecute() }?.absolutePath
}
val cargoMissing = "cargo was not found: install Rust with rustup (https://rustup.rs), or set mills.cargo=/path/to/cargo " +
    "in ~/.gradle/gradle.properties (Android Studio on macOS may not see ~/.cargo/bin on its PATH)"

android {
    namespace = "app.mills.android"
    // 36: core-ktx 1.17, activity 1.12, lifecycle 2.10 and the 2026.04 Compose BOM declare
    // minCompileSdk 36 in their AAR metadata (checkDebugAarMetadata fails below it).
    compileSdk = 36
    // r28 links 64-bit native code with 16 KB max page size by default (Play requires 16 KB
    // alignment for apps targeting Android 15+); buildRust also passes the flag explicitly.
    ndkVersion = "28.2.13676358"

    defaultConfig {
        applicationId = "app.mills"
        minSdk = 26
        // Play requires API 36 for new apps and updates from 31 August 2026; at 36 predictive
        // back is on by default (MainActivity's BackHandler is enabled only when it handles back).
        targetSdk = 36
        versionCode = 1
        versionName = "0.1.0"
        ndk { abiFilters += rustAbis }
    }

    androidResources {
        // the app's Chinese is values-b+zh+Hans (any Simplified Chinese locale); zh-rCN keeps the
        // Chinese strings of AndroidX and Material, which aapt2's filter does not match to b+zh+Hans
        localeFilters += listOf("en", "b+zh+Hans", "zh-rCN")
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            isShrinkResources = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }

    sourceSets["main"].apply {
        // screens, board and view models shared with the desktop test build (tests/compose)
        kotlin.srcDir("src/shared/kotlin")
        kotlin.srcDir(uniffiKotlin.get().asFile)
        jniLibs.srcDir(rustJniLibs.get().asFile)
    }
}

kotlin {
    compilerOptions {
        jvmTarget.set(JvmTarget.JVM_17)
        optIn.add("kotlin.ExperimentalUnsignedTypes")
    }
}

val rustSources = files(
    repoRoot.resolve("Cargo.toml"),
    repoRoot.resolve("Cargo.lock"),
    repoRoot.resolve("rust-core"),
    repoRoot.resolve("bindings"),
)

/** libmills_ffi.so for every ABI, into build/rustJniLibs/<abi>/ (needs cargo-ndk and the NDK). */
val buildRust by tasks.registering(Exec::class) {
    group = "rust"
    description = "Builds the Rust engine (mills-ffi) for ${rustAbis.joinToString()} with cargo-ndk."
    inputs.files(rustSources)
    outputs.dir(rustJniLibs)
    workingDir = repoRoot
    // Locals, not script properties: a task action that reads a property of the build script
    // captures the script object, which the configuration cache cannot store.
    val ndkDirectory = androidComponents.sdkComponents.ndkDirectory // the NDK of ndkVersion above
    val cargo = cargoExecutable
    val missing = cargoMissing
    // 16 KB pages: r28 already links this way; explicit so that an older NDK cannot undo it.
    val pageSize = "-C link-arg=-Wl,-z,max-page-size=16384"
    listOf("AARCH64_LINUX_ANDROID", "ARMV7_LINUX_ANDROIDEABI", "X86_64_LINUX_ANDROID").forEach {
        environment("CARGO_TARGET_${it}_RUSTFLAGS", pageSize)
    }
    executable = cargo ?: "cargo"
    args(
        buildList {
            addAll(listOf("ndk", "--platform", "26"))
            rustAbis.forEach { addAll(listOf("-t", it)) }
            addAll(listOf("-o", rustJniLibs.get().asFile.path))
            addAll(listOf("build", "--release", "-p", "mills-ffi", "--lib"))
        },
    )
    doFirst {
        if (cargo == null) throw GradleException(missing)
        val exec = this as Exec
        exec.environment("ANDROID_NDK_HOME", ndkDirectory.get().asFile.absolutePath)
        // cargo finds cargo-ndk, and rustup's proxies find rustc, beside cargo itself
        exec.environment("PATH", File(cargo).parent + File.pathSeparator + System.getenv("PATH").orEmpty())
    }
}

/** The Kotlin bindings, generated from the built library (UniFFI library mode). */
val generateBindings by tasks.registering(Exec::class) {
    group = "rust"
    description = "Generates the Kotlin bindings of mills-ffi with the workspace's uniffi-bindgen."
    dependsOn(buildRust)
    inputs.dir(rustJniLibs)
    outputs.dir(uniffiKotlin)
    workingDir = repoRoot
    val cargo = cargoExecutable
    val missing = cargoMissing
    val library = rustJniLibs.get().file("arm64-v8a/libmills_ffi.so").asFile.path
    executable = cargo ?: "cargo"
    args(
        "run", "--release", "-p", "mills-ffi", "--features", "bindgen", "--bin", "uniffi-bindgen", "--",
        "generate", "--no-format", library, "--language", "kotlin", "--out-dir", uniffiKotlin.get().asFile.path,
    )
    doFirst {
        if (cargo == null) throw GradleException(missing)
        (this as Exec).environment("PATH", File(cargo).parent + File.pathSeparator + System.getenv("PATH").orEmpty())
    }
}

tasks.named("preBuild") { dependsOn(generateBindings) }

dependencies {
    implementation(libs.androidx.core.ktx)
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.viewmodel.compose)
    // lifecycleScope: MainActivity reads a record file off the main thread
    implementation(libs.androidx.lifecycle.runtime.ktx)
    implementation(platform(libs.androidx.compose.bom))
    implementation(libs.androidx.compose.ui)
    implementation(libs.androidx.compose.foundation)
    implementation(libs.androidx.compose.material3)
    implementation(libs.androidx.compose.ui.tooling.preview)
    implementation(libs.kotlinx.coroutines.android)
    implementation(libs.jna) {
        artifact { type = "aar" }
    }
    debugImplementation(libs.androidx.compose.ui.tooling)
}
