/** The snapshot editor: its input (a file path), how it opens, and its pages. */
package org.polyheap.ui.editor;
