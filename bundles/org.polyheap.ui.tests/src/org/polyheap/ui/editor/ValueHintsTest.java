package org.polyheap.ui.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How a value read from a snapshot is shown in a row. */
class ValueHintsTest {
    @Test
    void controlCharactersAreEscapedAndLongValuesCut() {
        assertEquals("plain text, ü and 中", ValueHints.displayable("plain text, ü and 中"));
        assertEquals("a\\nb\\tc\\rd\\u0000e\\u001f", ValueHints.displayable("a\nb\tc\rd\u0000e\u001f"));
        String nuls = "\u0000".repeat(30);
        String shown = ValueHints.displayable(nuls);
        assertEquals("\\u0000".repeat(14) + "\u2026", shown, "cut at " + ValueHints.MAX_CHARS + " characters");
        assertEquals("x".repeat(ValueHints.MAX_CHARS), ValueHints.displayable("x".repeat(ValueHints.MAX_CHARS)));
        assertEquals("x".repeat(ValueHints.MAX_CHARS) + "\u2026", ValueHints.displayable("x".repeat(ValueHints.MAX_CHARS + 1)));
    }
}
