SELECT "city", COUNT(*) AS "n", AVG("age") FROM "people" WHERE "gender" = 'Female' GROUP BY "city" ORDER BY "n" DESC LIMIT 5
