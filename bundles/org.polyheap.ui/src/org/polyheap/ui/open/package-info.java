/** Opening from File ▸ Open…: what the window asks before a parse (Fuchsia contents folder and process). */
package org.polyheap.ui.open;
