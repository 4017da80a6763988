/** Snapshot files remembered across sessions: File ▸ Recent Snapshots, its dialog with the index folders, and the snapshots open at exit. */
package org.polyheap.ui.recent;
