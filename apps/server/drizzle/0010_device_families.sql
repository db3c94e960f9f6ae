-- The family device pages (equipment: gateway, OLT, FTTR, AP, PBX, voice gateway, cloud screen) filter the
-- registry by model, firmware and MAC prefix within the organisation.
CREATE INDEX IF NOT EXISTS "devices_mac_prefix_idx" ON "devices" USING btree (lower("mac") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_org_model_idx" ON "devices" USING btree ("org_id","model");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_org_fw_idx" ON "devices" USING btree ("org_id","fw");
