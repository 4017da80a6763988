/** Menu actions of the main window. */
package org.polyheap.ui.actions;
