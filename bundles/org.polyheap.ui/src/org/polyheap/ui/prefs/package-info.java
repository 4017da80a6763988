/**
 * Preferences: the keys and their store, the pages of Window ▸ Preferences, and what applies them
 * (options of the next open, re-analysis of open snapshots, themes, the launcher's heap hint).
 */
package org.polyheap.ui.prefs;
