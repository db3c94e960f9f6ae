-- Device licences are issued by the platform (an organisation writing its own unlocked features nobody sold it): no
-- tenant role keeps the keys to add, change, suspend, resume or remove one. Organisations receive licences through
-- authorized send / receive and keep listing and exporting theirs.
DELETE FROM "role_buttons" WHERE "button_id" IN (SELECT "id" FROM "buttons" WHERE "key" IN ('device.device_auth.add', 'device.device_auth.update', 'device.device_auth.remove', 'device.device_auth.enable', 'device.device_auth.disable')) AND "role_id" IN (SELECT "id" FROM "roles" WHERE "org_id" <> 1);
