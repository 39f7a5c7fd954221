SELECT SUM(a."age" * b."age") FROM "people" a JOIN "people" b ON a."gender" = b."gender" JOIN "people" c ON b."city" = c."city"
