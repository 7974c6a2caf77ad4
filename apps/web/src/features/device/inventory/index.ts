/** The inventory panel of the devices page (issue 6 "Inventory"). */
export { canSeeInventory, INVENTORY_ROLES, InventoryPanel } from './InventoryPanel';
