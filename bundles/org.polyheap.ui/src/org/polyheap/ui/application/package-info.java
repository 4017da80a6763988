/** Start-up and the main window: application, workbench and window advisors, menus, perspective. */
package org.polyheap.ui.application;
