import { Drawer, Menu, type MenuProps } from 'antd';

export interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  items: NonNullable<MenuProps['items']>;
  selectedKeys: string[];
  onSelect: (key: string) => void;
  testId: string;
}

/**
 * A phone-width navigation: the area's menu in a left drawer that closes on a choice. Loaded
 * lazily by the layouts, so the desktop portal does not download the drawer.
 */
export default function NavDrawer({ open, onClose, title, items, selectedKeys, onSelect, testId }: NavDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} title={title} placement="left" size={260} styles={{ body: { padding: 0 } }} data-testid={testId}>
      <Menu
        mode="inline"
        data-testid={`${testId}-menu`}
        selectedKeys={selectedKeys}
        items={items}
        onClick={({ key }) => {
          onClose();
          onSelect(key);
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </Drawer>
  );
}
