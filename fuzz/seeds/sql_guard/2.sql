WITH w AS (SELECT * FROM "people" WHERE "age" > 40) SELECT a."name", b."salary" FROM w a JOIN "people" b ON a."city" = b."city" ORDER BY 2 DESC
