-- The [ext] setting MortgageRate (the yearly rate a payment estimate assumes when the visitor gives
-- none): chatbots made before it get the default, so every stored chatbot holds every setting.
UPDATE "chatbots" SET "settings" = "settings" || '{"MortgageRate": 6.5}'::jsonb WHERE NOT ("settings" ? 'MortgageRate');
