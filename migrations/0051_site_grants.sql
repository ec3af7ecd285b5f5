-- Site grants (inviteToSite and its kin): `content_grants` rows with `resource_kind` 'site' (the column has no
-- CHECK; the Drizzle enum says which kinds exist). A deleted site takes its grants with it, whatever deletes it
-- (deleteSiteById, an organization's deletion), so that no token keeps reading grants on a site that is gone.
-- The delete moves the access generation through content_grants' own triggers (migration 0040).
CREATE TRIGGER `sites_grants_ad` AFTER DELETE ON `sites` BEGIN
	DELETE FROM content_grants WHERE resource_kind = 'site' AND resource_id = old.id;
END;
