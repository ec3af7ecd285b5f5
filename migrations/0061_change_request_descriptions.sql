-- A change request's description (0.202's `ChangeRequest.description`, set by updateChangeRequestById), stored as
-- markdown like page bodies and answered as a JSONDocument; '' when it has none.
ALTER TABLE `change_requests` ADD `description` text DEFAULT '' NOT NULL;
