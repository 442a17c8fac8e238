package app.mills.game

/** An action in the engine's notation (RULES.md §2): `d6`, `d6-d5`, `xd7` or `pass`. */
sealed interface Action {
    data class Place(val to: String) : Action

    data class Step(val from: String, val to: String) : Action

    data class Remove(val at: String) : Action

    data object Pass : Action

    /** Where a piece arrived, if one did. */
    val arrival: String?
        get() = when (this) {
            is Place -> to
            is Step -> to
            else -> null
        }

    companion object {
        fun parse(notation: String): Action = when {
            notation == "pass" -> Pass
            notation.startsWith("x") -> Remove(notation.substring(1))
            '-' in notation -> notation.split('-').let { (from, to) -> Step(from, to) }
            else -> Place(notation)
        }
    }
}
