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

android {
    namespace = "app.mills.android"
    compileSdk = 35
    ndkVersion = "27.0.12077973"

    defaultConfig {
        applicationId = "app.mills"
        minSdk = 26
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk { abiFilters += rustAbis }
    }

    androidResources {
        localeFilters += listOf("en", "zh-rCN")
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
    // the NDK that AGP uses (ndkVersion above); looked up only when the task runs
    doFirst { environment("ANDROID_NDK_HOME", android.ndkDirectory.absolutePath) }
    commandLine(
        buildList {
            addAll(listOf("cargo", "ndk", "--platform", "26"))
            rustAbis.forEach { addAll(listOf("-t", it)) }
            addAll(listOf("-o", rustJniLibs.get().asFile.path))
            addAll(listOf("build", "--release", "-p", "mills-ffi", "--lib"))
        },
    )
}

/** The Kotlin bindings, generated from the built library (UniFFI library mode). */
val generateBindings by tasks.registering(Exec::class) {
    group = "rust"
    description = "Generates the Kotlin bindings of mills-ffi with the workspace's uniffi-bindgen."
    dependsOn(buildRust)
    inputs.dir(rustJniLibs)
    outputs.dir(uniffiKotlin)
    workingDir = repoRoot
    val library = rustJniLibs.get().file("arm64-v8a/libmills_ffi.so").asFile.path
    commandLine(
        "cargo", "run", "--release", "-p", "mills-ffi", "--features", "bindgen", "--bin", "uniffi-bindgen", "--",
        "generate", "--no-format", library, "--language", "kotlin", "--out-dir", uniffiKotlin.get().asFile.path,
    )
}

tasks.named("preBuild") { dependsOn(generateBindings) }

dependencies {
    implementation(libs.androidx.core.ktx)
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.viewmodel.compose)
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
