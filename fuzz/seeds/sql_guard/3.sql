SELECT upper("name") || ' (' || lpad(CAST("age" AS VARCHAR), 3, '0') || ')', repeat('-', 10), replace("city", 'City', 'C') FROM "people" WHERE "name" LIKE 'P%' AND "joined" > '2010-01-01'
