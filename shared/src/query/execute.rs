//! Runs a plan's SQL on the engine and turns the result into an answer: sentence, value,
//! result rows, citations and chart. Every number comes from the engine, none from here.

use serde_json::Value as Json;

use super::answer::{list, num, tr, Answer, Chart, Citation, Route};
use super::catalog::Catalog;
use super::engine::{Engine, Rows};
use super::error::QueryError;
use super::intent::Intent;
use super::lang::Lang;
use super::plan::{AggFn, ChartKind, CmpOp, ColumnPick, ColumnStat, CompareAsk, Filter, Plan, Predicate, Test};
use super::sql::{self, bins_sql, cite_sql, eq_sql, filter_sql, main_sql, not_null, CITE_CAP, LIST_CAP, ROW};

pub async fn run(engine: &Engine, cat: &Catalog, plan: &Plan, lang: Lang, confidence: f32) -> Result<Answer, QueryError> {
    if let Plan::Each { parts } = plan {
        return run_each(engine, cat, parts, lang, confidence).await;
    }
    let per = once_per_group(engine, cat, plan).await?;
    let main = match &per {
        Some(keys) => sql::once_per_group_sql(cat, plan, keys).unwrap_or_else(|| main_sql(cat, plan)),
        None => main_sql(cat, plan),
    };
    let rows = engine.query(&main).await?;
    let mut a = Answer::plain(
        if matches!(plan, Plan::Lookup { .. } | Plan::LookupFields { .. }) { Route::Lookup } else { Route::Exact },
        lang,
        String::new(),
    );
    a.intent = Some(plan.intent());
    a.confidence = confidence;
    a.sql = Some(main.clone());
    let cite = |parts: Vec<Option<String>>| async move { cite_rows(engine, cat, &parts).await };
    let label = |f: &super::plan::FieldRef| field_label(cat, &f.0);
    let fdesc = |f: &Option<Filter>| f.as_ref().map(|f| describe(cat, f, lang));
    match plan {
        Plan::Count { filter } => {
            let n = rows.scalar("count");
            a.answer = match fdesc(filter) {
                None => tr(
                    lang,
                    format!("The table has {} rows.", num(lang, &n)),
                    format!("La tabla tiene {} filas.", num(lang, &n)),
                    format!("La taula té {} files.", num(lang, &n)),
                    format!("Die Tabelle hat {} Zeilen.", num(lang, &n)),
                ),
                // "1 row matches", not "1 rows match".
                Some(d) if n.as_u64() == Some(1) => tr(
                    lang,
                    format!("1 row matches {d}."),
                    format!("1 fila cumple {d}."),
                    format!("1 fila compleix {d}."),
                    format!("1 Zeile erfüllt {d}."),
                ),
                Some(d) => tr(
                    lang,
                    format!("{} rows match {d}.", num(lang, &n)),
                    format!("{} filas cumplen {d}.", num(lang, &n)),
                    format!("{} files compleixen {d}.", num(lang, &n)),
                    format!("{} Zeilen erfüllen {d}.", num(lang, &n)),
                ),
            };
            a.value = n;
            a.citations = cite(vec![filter_sql(cat, filter)]).await?;
        }
        Plan::Columns => {
            let n = rows.scalar("columns");
            let names: Vec<String> = cat.fields.iter().filter(|f| f.composed.is_none() && !f.derived()).map(|f| f.name.clone()).collect();
            a.answer = tr(
                lang,
                format!("The table has {} columns: {}.", num(lang, &n), list(lang, &names)),
                format!("La tabla tiene {} columnas: {}.", num(lang, &n), list(lang, &names)),
                format!("La taula té {} columnes: {}.", num(lang, &n), list(lang, &names)),
                format!("Die Tabelle hat {} Spalten: {}.", num(lang, &n), list(lang, &names)),
            );
            a.value = n;
        }
        Plan::ColumnStats { stat, columns, filter, pick, implied } => {
            // Each column's statistic, in the plan's order ("c0", "n0", "c1", "n1", …).
            let cell = |k: usize| rows.rows.first().and_then(|r| r.get(k)).cloned().unwrap_or(Json::Null);
            let mut stats: Vec<(String, Option<f64>)> = columns.iter().enumerate().map(|(i, c)| (label(c), cell(2 * i).as_f64())).collect();
            // An implied total compares columns only where each has as many values.
            let counts: Vec<u64> = (0..columns.len()).map(|i| cell(2 * i + 1).as_u64().unwrap_or(0)).collect();
            // A column with no value here cannot be ranked against the others: no answer, not "no".
            if matches!(pick, ColumnPick::Top { .. }) && stats.iter().any(|(_, v)| v.is_none()) {
                let mut a = no_rows(a, lang);
                a.route = Route::Unanswerable;
                return Ok(a);
            }
            if *implied && counts.iter().any(|n| Some(n) != counts.first()) {
                a.route = Route::Unanswerable;
                a.value = Json::Null;
                a.answer = tr(
                    lang,
                    "The columns have different numbers of values; say which to compare (the total, the average).".into(),
                    "Las columnas tienen distinto número de valores; di qué comparar (el total, la media).".into(),
                    "Les columnes tenen un nombre diferent de valors; digues què cal comparar (el total, la mitjana).".into(),
                    "Die Spalten haben verschieden viele Werte; sag, was ich vergleichen soll (Summe, Durchschnitt).".into(),
                );
                return Ok(a);
            }
            let (en, es, ca, de) = column_stat_words(*stat);
            let w = fdesc(filter).map(|d| format!(" [{d}]")).unwrap_or_default();
            let chosen: Vec<String> = match pick {
                ColumnPick::Top { desc } => {
                    let best = stats.iter().filter_map(|(_, v)| *v).fold(None, |b: Option<f64>, v| {
                        Some(match b {
                            None => v,
                            Some(b) if *desc => b.max(v),
                            Some(b) => b.min(v),
                        })
                    });
                    stats.iter().filter(|(_, v)| v.is_some() && *v == best).map(|(c, _)| c.clone()).collect()
                }
                ColumnPick::Where { op, value } => {
                    stats.iter().filter(|(_, v)| v.is_some_and(|v| holds(*op, v, *value))).map(|(c, _)| c.clone()).collect()
                }
            };
            let each: Vec<String> =
                stats.iter().map(|(c, v)| format!("{c}: {}", v.map(|v| num(lang, &Json::from(v))).unwrap_or_else(|| "–".into()))).collect();
            let names = list(lang, &chosen);
            a.answer = match (pick, chosen.len()) {
                (_, 0) => tr(
                    lang,
                    format!("No column{w} ({en}: {}).", each.join(", ")),
                    format!("Ninguna columna{w} ({es}: {}).", each.join(", ")),
                    format!("Cap columna{w} ({ca}: {}).", each.join(", ")),
                    format!("Keine Spalte{w} ({de}: {}).", each.join(", ")),
                ),
                (ColumnPick::Top { desc }, _) => {
                    let (hi, alto, alt, hoch) = if *desc {
                        ("highest", "más alto", "més alt", "höchsten")
                    } else {
                        ("lowest", "más bajo", "més baix", "niedrigsten")
                    };
                    tr(
                        lang,
                        format!("{names} has the {hi} {en}{w} ({}).", each.join(", ")),
                        format!("{names} tiene el valor {alto} de {es}{w} ({}).", each.join(", ")),
                        format!("{names} té el valor {alt} de {ca}{w} ({}).", each.join(", ")),
                        format!("{names} hat den {hoch} Wert bei {de}{w} ({}).", each.join(", ")),
                    )
                }
                (ColumnPick::Where { .. }, _) => tr(
                    lang,
                    format!("{} columns{w}: {names} ({en}: {}).", chosen.len(), each.join(", ")),
                    format!("{} columnas{w}: {names} ({es}: {}).", chosen.len(), each.join(", ")),
                    format!("{} columnes{w}: {names} ({ca}: {}).", chosen.len(), each.join(", ")),
                    format!("{} Spalten{w}: {names} ({de}: {}).", chosen.len(), each.join(", ")),
                ),
            };
            a.value = match (pick, chosen.as_slice()) {
                (ColumnPick::Top { .. }, [one]) => Json::String(one.clone()),
                _ => Json::Array(chosen.iter().map(|c| Json::String(c.clone())).collect()),
            };
            stats.retain(|(_, v)| v.is_some());
            a.chart = Some(Chart {
                kind: ChartKind::Bar,
                title: en.to_string(),
                x: "column".into(),
                y: en.to_string(),
                data: stats.into_iter().map(|(c, v)| (Json::String(c), Json::from(v.unwrap_or(0.0)))).collect(),
            });
            a.citations = cite(vec![filter_sql(cat, filter)]).await?;
        }
        Plan::DistinctCount { field, filter } => {
            let n = rows.scalar("distinct");
            let l = label(field);
            let w = fdesc(filter)
                .map(|d| tr(lang, format!(" where {d}"), format!(" donde {d}"), format!(" on {d}"), format!(" wo {d}")))
                .unwrap_or_default();
            a.answer = tr(
                lang,
                format!("“{l}” has {} different values{w}.", num(lang, &n)),
                format!("«{l}» tiene {} valores distintos{w}.", num(lang, &n)),
                format!("«{l}» té {} valors diferents{w}.", num(lang, &n)),
                format!("„{l}“ hat {} verschiedene Werte{w}.", num(lang, &n)),
            );
            a.value = n;
            a.citations = cite(vec![not_null(cat, field), filter_sql(cat, filter)]).await?;
        }
        Plan::DistinctValues { field, filter } => {
            let vals: Vec<String> = rows.rows.iter().map(|r| text(&year_shown(cat, field, &r[0]))).collect();
            let l = label(field);
            a.answer = if let [one] = vals.as_slice() {
                // ("What UN region is Samoa in?": one value is the answer, said as one.)
                tr(lang, format!("“{l}”: {one}."), format!("«{l}»: {one}."), format!("«{l}»: {one}."), format!("„{l}“: {one}."))
            } else {
                tr(
                    lang,
                    format!("“{l}” takes {} values: {}.", vals.len(), list(lang, &vals)),
                    format!("«{l}» toma {} valores: {}.", vals.len(), list(lang, &vals)),
                    format!("«{l}» pren {} valors: {}.", vals.len(), list(lang, &vals)),
                    format!("„{l}“ hat {} Werte: {}.", vals.len(), list(lang, &vals)),
                )
            };
            a.value = Json::Array(vals.iter().take(LIST_CAP).map(|v| Json::String(v.clone())).collect());
            a.chart = Some(chart(ChartKind::Bar, &l, &l, "rows", &rows, 0, 1));
            a.citations = cite(vec![not_null(cat, field), filter_sql(cat, filter)]).await?;
        }
        Plan::Frequent { field, most, filter } => {
            let l = label(field);
            let Some(first) = rows.rows.first() else { return Ok(no_rows(a, lang)) };
            let top_n = first[1].clone();
            let winners: Vec<String> =
                rows.rows.iter().take_while(|r| r[1] == top_n).map(|r| text(&year_shown(cat, field, &r[0]))).collect();
            let (adj_en, adj_es, adj_ca, adj_de) =
                if *most { ("most", "más", "més", "häufigste") } else { ("least", "menos", "menys", "seltenste") };
            let w = list(lang, &winners);
            let k = num(lang, &top_n);
            a.answer = tr(
                lang,
                format!("The {adj_en} common “{l}” is {w} ({k} rows)."),
                format!("El valor {adj_es} frecuente de «{l}» es {w} ({k} filas)."),
                format!("El valor {adj_ca} freqüent de «{l}» és {w} ({k} files)."),
                format!("Der {adj_de} Wert von „{l}“ ist {w} ({k} Zeilen)."),
            );
            a.value = if winners.len() == 1 {
                year_shown(cat, field, &first[0])
            } else {
                Json::Array(rows.rows.iter().take(winners.len()).map(|r| year_shown(cat, field, &r[0])).collect())
            };
            let mut sorted = rows.clone();
            sorted.rows.sort_by(|x, y| y[1].as_f64().unwrap_or(0.0).total_cmp(&x[1].as_f64().unwrap_or(0.0)));
            a.chart = Some(chart(ChartKind::Bar, &l, &l, "rows", &sorted, 0, 1));
            a.citations = cite(vec![eq_sql(cat, field, &first[0]), filter_sql(cat, filter)]).await?;
        }
        Plan::Rank { field, n: top, desc, label: lab, filter, values } => {
            let l = label(field);
            let vi = rows.col("value").unwrap_or(0);
            let li = rows.col("label");
            let items: Vec<String> = rows
                .rows
                .iter()
                .map(|r| match li {
                    Some(li) => format!("{} ({})", text(&r[li]), num(lang, &r[vi])),
                    None => num(lang, &r[vi]),
                })
                .collect();
            let dated = cat
                .field(&field.0)
                .is_some_and(|i| matches!(cat.fields[i].ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime));
            let (en, es, ca, de) = match (*desc, dated) {
                (true, false) => ("highest", "más alto", "més alt", "höchsten"),
                (false, false) => ("lowest", "más bajo", "més baix", "niedrigsten"),
                (true, true) => ("latest", "más reciente", "més recent", "spätesten"),
                (false, true) => ("earliest", "más antiguo", "més antic", "frühesten"),
            };
            let w = fdesc(filter).map(|d| format!(" [{d}]")).unwrap_or_default();
            // One named row reads as a person would say it: "Berlin has the highest “population”: 3755000."
            let single = match (rows.rows.as_slice(), li) {
                ([r], Some(li)) => Some((text(&r[li]), num(lang, &r[vi]))),
                _ => None,
            };
            let n = rows.rows.len();
            a.answer = if let Some((who, v)) = single {
                tr(
                    lang,
                    format!("{who} has the {en} “{l}”{w}: {v}."),
                    format!("{who} tiene el valor {es} de «{l}»{w}: {v}."),
                    format!("{who} té el valor {ca} de «{l}»{w}: {v}."),
                    format!("{who} hat den {de} Wert von „{l}“{w}: {v}."),
                )
            } else {
                tr(
                    lang,
                    format!("{n} with the {en} “{l}”{w}: {}.", items.join("; ")),
                    format!("{n} con «{l}» {es}{w}: {}.", items.join("; ")),
                    format!("{n} amb «{l}» {ca}{w}: {}.", items.join("; ")),
                    format!("{n} mit dem {de} Wert von „{l}“{w}: {}.", items.join("; ")),
                )
            };
            // Rows tied at the top that share a label ("the sample with the most potassium": two of
            // type Con) answer that label once; the text still lists each row. ("The origins of
            // the 3 heaviest cars" keep one per car.)
            let mut value: Vec<Json> = Vec::new();
            for r in &rows.rows {
                let v = match li {
                    Some(li) if !values => r[li].clone(),
                    _ => r[vi].clone(),
                };
                if !(*top == 1 && li.is_some() && !values && value.contains(&v)) {
                    value.push(v);
                }
            }
            a.value = Json::Array(value);
            let x = lab.as_ref().map(|f| field_label(cat, &f.0)).unwrap_or_else(|| "row".into());
            a.chart = Some(chart(ChartKind::Bar, &l, &x, &l, &rows, li.unwrap_or(rows.col(ROW).unwrap_or(0)), vi));
            a.citations = row_citations(cat, &rows);
        }
        Plan::Aggregate { func, field, filter } => {
            let name = rows.columns[0].clone();
            let mut v = rows.scalar(&name);
            let raw = v.clone();
            // The first or last of a column of years written as dates ("2010-01-01") is the year 2010.
            if let (AggFn::Min | AggFn::Max, Some(fi)) = (func, cat.field(&field.0).map(|i| &cat.fields[i])) {
                if fi.yearly && fi.ty == crate::schema::ColumnType::Date {
                    if let Some(y) = v.as_str().and_then(|d| d.get(..4)).and_then(|y| y.parse::<i64>().ok()) {
                        v = Json::from(y);
                    }
                }
            }
            // No row with a value: there is no sum or average to give, so nothing is called exact.
            if v.is_null() {
                let mut a = no_rows(a, lang);
                a.route = Route::Unanswerable;
                return Ok(a);
            }
            let k = rows.scalar("rows");
            let l = label(field);
            let (en, es, ca, de) = agg_words(*func);
            let w = fdesc(filter)
                .map(|d| tr(lang, format!(", where {d}"), format!(", donde {d}"), format!(", on {d}"), format!(", wo {d}")))
                .unwrap_or_default();
            a.answer = tr(
                lang,
                format!("The {en} of “{l}” is {} (over {} rows{w}).", num(lang, &v), num(lang, &k)),
                format!("La {es} de «{l}» es {} (sobre {} filas{w}).", num(lang, &v), num(lang, &k)),
                format!("{} {ca} de «{l}» és {} (sobre {} files{w}).", ca_article(*func), num(lang, &v), num(lang, &k)),
                format!("{} {de} von „{l}“ ist {} (über {} Zeilen{w}).", de_article(*func), num(lang, &v), num(lang, &k)),
            );
            if let Some(keys) = &per {
                let ks = keys.iter().map(|k| format!("“{}”", field_label(cat, k))).collect::<Vec<_>>().join(" + ");
                a.answer.push_str(&tr(
                    lang,
                    format!(" “{l}” repeats on every row of each {ks}: it is counted once per {ks}."),
                    format!(" «{l}» se repite en cada fila de cada {ks}: se cuenta una vez por {ks}."),
                    format!(" «{l}» es repeteix a cada fila de cada {ks}: es compta un cop per {ks}."),
                    format!(" „{l}“ wiederholt sich in jeder Zeile jedes {ks}: einmal je {ks} gezählt."),
                ));
            }
            a.citations = match func {
                AggFn::Min | AggFn::Max if !raw.is_null() => cite(vec![eq_sql(cat, field, &raw), filter_sql(cat, filter)]).await?,
                _ => cite(vec![not_null(cat, field), filter_sql(cat, filter)]).await?,
            };
            a.value = v;
        }
        Plan::Group { func, field, by, filter, chart: kind, .. } => {
            let b = label(by);
            let y = match field {
                Some(f) => format!("{} {}", agg_words(*func).0, label(f)),
                None => "rows".into(),
            };
            let items: Vec<String> = rows.rows.iter().map(|r| format!("{}: {}", text(&r[0]), num(lang, &r[1]))).collect();
            let (en, es, ca, de) = agg_words(*func);
            let what = match field {
                Some(f) => {
                    let fl = label(f);
                    tr(lang, format!("{en} of “{fl}”"), format!("{es} de «{fl}»"), format!("{ca} de «{fl}»"), format!("{de} von „{fl}“"))
                }
                None => tr(lang, "Rows".into(), "Filas".into(), "Files".into(), "Zeilen".into()),
            };
            a.answer = tr(
                lang,
                format!("{what} per “{b}”: {}.", items.join("; ")),
                format!("{what} por «{b}»: {}.", items.join("; ")),
                format!("{what} per «{b}»: {}.", items.join("; ")),
                format!("{what} pro „{b}“: {}.", items.join("; ")),
            );
            a.value = Json::Array(rows.rows.iter().map(|r| Json::Array(vec![Json::String(text(&r[0])), r[1].clone()])).collect());
            a.chart = Some(chart(*kind, &what, &b, &y, &rows, 0, 1));
            a.citations = cite(vec![not_null(cat, by), filter_sql(cat, filter)]).await?;
        }
        Plan::Share { filter: f, base, of: summed } => {
            let p = rows.scalar("percent");
            let m = rows.scalar("matching");
            let k = rows.scalar("rows");
            let d = describe(cat, f, lang);
            let of = base.as_ref().map(|b| describe(cat, b, lang));
            let of_en = of.as_ref().map(|o| format!(" of the rows where {o}")).unwrap_or_default();
            let of_es = of.as_ref().map(|o| format!(" de las filas donde {o}")).unwrap_or_default();
            let of_ca = of.as_ref().map(|o| format!(" de les files on {o}")).unwrap_or_default();
            let of_de = of.as_ref().map(|o| format!(" der Zeilen mit {o}")).unwrap_or_default();
            let (ps, ms, ks) = (num(lang, &p), num(lang, &m), num(lang, &k));
            a.answer = match summed {
                Some(o) => {
                    let l = label(o);
                    tr(
                        lang,
                        format!("{ps} % of the sum of “{l}”{of_en} is in rows where {d} ({ms} of {ks})."),
                        format!("El {ps} % de la suma de «{l}»{of_es} está en filas donde {d} ({ms} de {ks})."),
                        format!("El {ps} % de la suma de «{l}»{of_ca} és en files on {d} ({ms} de {ks})."),
                        format!("{ps} % der Summe von „{l}“{of_de} liegen in Zeilen mit {d} ({ms} von {ks})."),
                    )
                }
                None => tr(
                    lang,
                    format!("{ps} %{of_en} match {d} ({ms} of {ks})."),
                    format!("El {ps} %{of_es} cumple {d} ({ms} de {ks})."),
                    format!("El {ps} %{of_ca} compleix {d} ({ms} de {ks})."),
                    format!("{ps} %{of_de} erfüllen {d} ({ms} von {ks})."),
                ),
            };
            a.value = p;
            let mi = m.as_f64().unwrap_or(0.0);
            let ki = k.as_f64().unwrap_or(0.0);
            let yes = tr(lang, "match".into(), "cumplen".into(), "compleixen".into(), "erfüllen".into());
            let no = tr(lang, "other".into(), "resto".into(), "resta".into(), "übrige".into());
            a.chart = Some(Chart {
                kind: ChartKind::Pie,
                title: d.clone(),
                x: String::new(),
                y: "rows".into(),
                data: vec![(Json::String(yes), Json::from(mi)), (Json::String(no), Json::from(ki - mi))],
            });
            a.citations = cite(vec![filter_sql(cat, &Some(f.clone())), filter_sql(cat, base)]).await?;
        }
        Plan::Compare { field, values, filter, measure: Some(m), ask } => {
            let ml = label(&m.field);
            // Each value's number, in the order the question named them (the yes/no test reads that order).
            let mut measured: Vec<(String, Json)> = Vec::new();
            for v in values {
                let Some(r) = rows.rows.iter().find(|r| text(&r[0]) == *v) else {
                    let mut a = no_rows(a, lang);
                    a.route = Route::Unanswerable;
                    return Ok(a);
                };
                // No aggregate named, so each value must name one row: "China in 2007", not "China";
                // an implied total holds where every value has as many rows as the first.
                let n = r[2].as_u64().unwrap_or(0);
                let first_n =
                    values.first().and_then(|f| rows.rows.iter().find(|r| text(&r[0]) == *f)).and_then(|r| r[2].as_u64()).unwrap_or(0);
                if (m.func.is_none() && n != 1) || (m.implied && n != first_n) {
                    a.route = Route::Unanswerable;
                    a.value = Json::Null;
                    a.answer = tr(
                        lang,
                        format!("{v} has {n} values of “{ml}”; say which (a year, a total, an average) to compare."),
                        format!("{v} tiene {n} valores de «{ml}»; di cuál (un año, el total, la media) comparar."),
                        format!("{v} té {n} valors de «{ml}»; digues quin (un any, el total, la mitjana) cal comparar."),
                        format!("{v} hat {n} Werte von „{ml}“; sag, welchen (ein Jahr, die Summe, den Durchschnitt) ich vergleichen soll."),
                    );
                    return Ok(a);
                }
                if r[1].is_null() {
                    let mut a = no_rows(a, lang);
                    a.route = Route::Unanswerable;
                    return Ok(a);
                }
                measured.push((v.clone(), r[1].clone()));
            }
            let what = match m.func {
                Some(f) => {
                    let (en, es, ca, de) = agg_words(f);
                    tr(lang, format!("{en} “{ml}”"), format!("{es} de «{ml}»"), format!("{ca} de «{ml}»"), format!("{de} von „{ml}“"))
                }
                None => tr(lang, format!("“{ml}”"), format!("«{ml}»"), format!("«{ml}»"), format!("„{ml}“")),
            };
            // A yes/no field's values say little alone: "sex = false", not "false".
            let fl = label(field);
            let shown = |v: &str| if matches!(v, "true" | "false") { format!("{fl} = {v}") } else { v.to_string() };
            let parts: Vec<String> = measured.iter().map(|(v, n)| format!("{}: {}", shown(v), num(lang, n))).collect();
            match ask {
                CompareAsk::Each => {
                    a.answer = tr(
                        lang,
                        format!("{what}: {}.", parts.join(", ")),
                        format!("{what}: {}.", parts.join(", ")),
                        format!("{what}: {}.", parts.join(", ")),
                        format!("{what}: {}.", parts.join(", ")),
                    );
                    a.value = Json::Array(measured.iter().map(|(_, n)| n.clone()).collect());
                }
                CompareAsk::Difference => {
                    let (x, y) = (measured[0].1.as_f64().unwrap_or(f64::NAN), measured[1].1.as_f64().unwrap_or(f64::NAN));
                    let d = Json::from(x - y);
                    let (v1, v2) = (&measured[0].0, &measured[1].0);
                    a.answer = tr(
                        lang,
                        format!(
                            "{what} of {v1} minus {v2}: {} − {} = {}.",
                            num(lang, &measured[0].1),
                            num(lang, &measured[1].1),
                            num(lang, &d)
                        ),
                        format!(
                            "{what} de {v1} menos {v2}: {} − {} = {}.",
                            num(lang, &measured[0].1),
                            num(lang, &measured[1].1),
                            num(lang, &d)
                        ),
                        format!(
                            "{what} de {v1} menys {v2}: {} − {} = {}.",
                            num(lang, &measured[0].1),
                            num(lang, &measured[1].1),
                            num(lang, &d)
                        ),
                        format!(
                            "{what} von {v1} minus {v2}: {} − {} = {}.",
                            num(lang, &measured[0].1),
                            num(lang, &measured[1].1),
                            num(lang, &d)
                        ),
                    );
                    a.value = d;
                }
                CompareAsk::Which => {
                    let best = measured.iter().map(|(_, n)| n.as_f64().unwrap_or(f64::MIN)).fold(f64::MIN, f64::max);
                    let winners: Vec<&String> = measured.iter().filter(|(_, n)| n.as_f64() == Some(best)).map(|(v, _)| v).collect();
                    if let [w] = winners.as_slice() {
                        let w = &shown(w);
                        a.answer = tr(
                            lang,
                            format!("{w} has the higher {what} ({}).", parts.join(", ")),
                            format!("{w} tiene el valor más alto de {what} ({}).", parts.join(", ")),
                            format!("{w} té el valor més alt de {what} ({}).", parts.join(", ")),
                            format!("{w} hat den höheren Wert bei {what} ({}).", parts.join(", ")),
                        );
                        a.value = Json::String(winners[0].clone());
                    } else {
                        a.answer = tr(
                            lang,
                            format!("They are tied ({}).", parts.join(", ")),
                            format!("Hay empate ({}).", parts.join(", ")),
                            format!("Hi ha empat ({}).", parts.join(", ")),
                            format!("Gleichstand ({}).", parts.join(", ")),
                        );
                        a.value = Json::Array(winners.iter().map(|w| Json::String((*w).clone())).collect());
                    }
                }
            }
            a.citations = cite(vec![sql::in_sql(cat, field, values), filter_sql(cat, filter)]).await?;
            a.chart = Some(Chart {
                kind: ChartKind::Bar,
                title: ml.clone(),
                x: label(field),
                y: ml,
                data: measured.into_iter().map(|(v, n)| (Json::String(v), n)).collect(),
            });
        }
        Plan::Compare { field, values, filter, measure: None, ask } => {
            let l = label(field);
            let counts: Vec<(String, Json)> = values
                .iter()
                .map(|v| (v.clone(), rows.rows.iter().find(|r| text(&r[0]) == *v).map_or(Json::from(0), |r| r[1].clone())))
                .collect();
            let parts: Vec<String> = counts.iter().map(|(v, n)| format!("{v}: {}", num(lang, n))).collect();
            if *ask == CompareAsk::Each {
                a.answer = tr(
                    lang,
                    format!("Rows per “{l}”: {}.", parts.join(", ")),
                    format!("Filas por «{l}»: {}.", parts.join(", ")),
                    format!("Files per «{l}»: {}.", parts.join(", ")),
                    format!("Zeilen je „{l}“: {}.", parts.join(", ")),
                );
                a.value = Json::Array(counts.iter().map(|(_, n)| n.clone()).collect());
                a.citations = cite(vec![sql::in_sql(cat, field, values), filter_sql(cat, filter)]).await?;
                a.chart = Some(Chart {
                    kind: ChartKind::Bar,
                    title: l.clone(),
                    x: l,
                    y: "rows".into(),
                    data: counts.into_iter().map(|(v, n)| (Json::String(v), n)).collect(),
                });
            } else if counts.len() >= 2 && counts.iter().all(|(_, n)| n.as_f64() == Some(1.0)) {
                // "Did India have more people than China in 2022?": one row each counts nothing; the
                // question was about a number of those rows, which the words did not name.
                a.route = Route::Unanswerable;
                a.value = Json::Null;
                a.answer = tr(
                    lang,
                    format!(
                        "Each of {} is one row here, so counting rows compares nothing; which column should be compared?",
                        values.join(", ")
                    ),
                    format!(
                        "Cada uno de {} es una sola fila, así que contar filas no compara nada; ¿qué columna hay que comparar?",
                        values.join(", ")
                    ),
                    format!(
                        "Cadascun de {} és una sola fila, així que comptar files no compara res; quina columna cal comparar?",
                        values.join(", ")
                    ),
                    format!(
                        "{} sind hier je eine Zeile; Zeilen zu zählen vergleicht nichts. Welche Spalte soll verglichen werden?",
                        values.join(", ")
                    ),
                );
                return Ok(a);
            } else {
                let best = counts.iter().map(|(_, n)| n.as_f64().unwrap_or(0.0)).fold(f64::MIN, f64::max);
                let winners: Vec<&(String, Json)> = counts.iter().filter(|(_, n)| n.as_f64().unwrap_or(0.0) == best).collect();
                if winners.len() == 1 {
                    let w = &winners[0].0;
                    a.answer = tr(
                        lang,
                        format!("There are more {w} ({}).", parts.join(", ")),
                        format!("Hay más {w} ({}).", parts.join(", ")),
                        format!("Hi ha més {w} ({}).", parts.join(", ")),
                        format!("Es gibt mehr {w} ({}).", parts.join(", ")),
                    );
                    a.value = Json::String(w.clone());
                    a.citations = cite(vec![sql::in_sql(cat, field, std::slice::from_ref(w)), filter_sql(cat, filter)]).await?;
                } else {
                    a.answer = tr(
                        lang,
                        format!("They are tied ({}).", parts.join(", ")),
                        format!("Hay empate ({}).", parts.join(", ")),
                        format!("Hi ha empat ({}).", parts.join(", ")),
                        format!("Gleichstand ({}).", parts.join(", ")),
                    );
                    a.value = Json::Array(winners.iter().map(|(w, _)| Json::String(w.clone())).collect());
                }
                a.chart = Some(Chart {
                    kind: ChartKind::Bar,
                    title: l.clone(),
                    x: l,
                    y: "rows".into(),
                    data: counts.into_iter().map(|(v, n)| (Json::String(v), n)).collect(),
                });
            }
        }
        Plan::Lookup { field, key } => {
            let l = label(field);
            let li = rows.col("label");
            let who = |r: &Vec<Json>| li.map(|li| text(&r[li])).unwrap_or_else(|| describe(cat, key, lang));
            match rows.rows.len() {
                // The row the question names is not in the table: it does not say.
                0 => {
                    let mut a = no_rows(a, lang);
                    a.route = Route::Unanswerable;
                    return Ok(a);
                }
                1 => {
                    let r = &rows.rows[0];
                    let (v, w) = (num(lang, &r[0]), who(r));
                    a.answer = tr(
                        lang,
                        format!("“{l}” of {w}: {v}."),
                        format!("«{l}» de {w}: {v}."),
                        format!("«{l}» de {w}: {v}."),
                        format!("„{l}“ von {w}: {v}."),
                    );
                    a.value = r[0].clone();
                }
                n => {
                    let items: Vec<String> = rows.rows.iter().take(LIST_CAP).map(|r| format!("{}: {}", who(r), num(lang, &r[0]))).collect();
                    a.answer = tr(
                        lang,
                        format!("{n} rows match; “{l}”: {}.", list(lang, &items)),
                        format!("{n} filas coinciden; «{l}»: {}.", list(lang, &items)),
                        format!("{n} files coincideixen; «{l}»: {}.", list(lang, &items)),
                        format!("{n} Zeilen passen; „{l}“: {}.", list(lang, &items)),
                    );
                    // "De quin país és Linford Christie?" over his two medals: one country, said once.
                    a.value = if rows.rows.iter().all(|r| r[0] == rows.rows[0][0]) {
                        rows.rows[0][0].clone()
                    } else {
                        Json::Array(rows.rows.iter().take(LIST_CAP).map(|r| r[0].clone()).collect())
                    };
                }
            }
            a.citations = row_citations(cat, &rows);
        }
        Plan::LookupFields { fields, key } => {
            let li = rows.col("label");
            match rows.rows.as_slice() {
                [] => {
                    let mut a = no_rows(a, lang);
                    a.route = Route::Unanswerable;
                    return Ok(a);
                }
                [r] => {
                    let w = li.map(|li| text(&r[li])).unwrap_or_else(|| describe(cat, key, lang));
                    // Each field with its value, in the language's quotation marks.
                    let items = |open: &str, close: &str| {
                        fields
                            .iter()
                            .enumerate()
                            .map(|(i, f)| format!("{open}{}{close}: {}", label(f), num(lang, &r[i])))
                            .collect::<Vec<_>>()
                            .join("; ")
                    };
                    a.answer = tr(
                        lang,
                        format!("{w}: {}.", items("“", "”")),
                        format!("{w}: {}.", items("«", "»")),
                        format!("{w}: {}.", items("«", "»")),
                        format!("{w}: {}.", items("„", "“")),
                    );
                    a.value = Json::Array(r[..fields.len()].to_vec());
                }
                // The key names more than one row: which one's fields are meant is not known.
                _ => {
                    a.route = Route::Unanswerable;
                    let d = describe(cat, key, lang);
                    a.answer = tr(
                        lang,
                        format!("More than one row matches {d}; say which one."),
                        format!("Más de una fila cumple {d}; di cuál."),
                        format!("Més d'una fila compleix {d}; digues quina."),
                        format!("Mehr als eine Zeile erfüllt {d}; sag, welche."),
                    );
                    return Ok(a);
                }
            }
            a.citations = row_citations(cat, &rows);
        }
        Plan::List { filter, label: lab } => {
            let total = engine
                .query(&sql::with_changes(
                    cat,
                    format!(
                        "SELECT COUNT(*) AS \"count\" FROM {}{}",
                        sql::ident(&cat.table),
                        filter_sql(cat, filter).map(|f| format!(" WHERE {f}")).unwrap_or_default()
                    ),
                ))
                .await?;
            let n = total.scalar("count");
            let d = fdesc(filter).unwrap_or_default();
            match lab {
                Some(l)
                    if rows.rows.len() > 1
                        && n.as_u64() == Some(rows.rows.len() as u64)
                        && rows.rows.iter().all(|r| !r[0].is_null() && r[0] == rows.rows[0][0]) =>
                {
                    // "the code of Alexanderplatz" over its 8 yearly rows: one value, said once.
                    let (v, l) = (text(&rows.rows[0][0]), field_label(cat, &l.0));
                    a.answer = tr(
                        lang,
                        format!("“{l}” is {v} in all {} rows that match {d}.", num(lang, &n)),
                        format!("«{l}» es {v} en las {} filas que cumplen {d}.", num(lang, &n)),
                        format!("«{l}» és {v} a les {} files que compleixen {d}.", num(lang, &n)),
                        format!("„{l}“ ist {v} in allen {} Zeilen, die {d} erfüllen.", num(lang, &n)),
                    );
                    a.value = Json::String(v);
                }
                Some(_) => {
                    let names: Vec<String> = rows.rows.iter().take(LIST_CAP).map(|r| text(&r[0])).collect();
                    a.answer = tr(
                        lang,
                        format!("{} rows match {d}: {}.", num(lang, &n), list(lang, &names)),
                        format!("{} filas cumplen {d}: {}.", num(lang, &n), list(lang, &names)),
                        format!("{} files compleixen {d}: {}.", num(lang, &n), list(lang, &names)),
                        format!("{} Zeilen erfüllen {d}: {}.", num(lang, &n), list(lang, &names)),
                    );
                    a.value = Json::Array(names.into_iter().map(Json::String).collect());
                }
                None => {
                    a.route = Route::Lookup;
                    let shown: Vec<String> = rows
                        .rows
                        .iter()
                        .take(3)
                        .map(|r| {
                            rows.columns
                                .iter()
                                .zip(r)
                                .filter(|(c, _)| c.as_str() != ROW)
                                .map(|(c, v)| format!("{c}: {}", num(lang, v)))
                                .collect::<Vec<_>>()
                                .join(", ")
                        })
                        .collect();
                    a.answer = tr(
                        lang,
                        format!("{} rows match {d}: {}.", num(lang, &n), shown.join(" | ")),
                        format!("{} filas cumplen {d}: {}.", num(lang, &n), shown.join(" | ")),
                        format!("{} files compleixen {d}: {}.", num(lang, &n), shown.join(" | ")),
                        format!("{} Zeilen erfüllen {d}: {}.", num(lang, &n), shown.join(" | ")),
                    );
                    a.value = Json::Array(
                        rows.rows
                            .iter()
                            .take(LIST_CAP)
                            .map(|r| Json::Object(rows.columns.iter().cloned().zip(r.iter().cloned()).filter(|(c, _)| c != ROW).collect()))
                            .collect(),
                    );
                }
            }
            a.citations = row_citations(cat, &rows);
        }
        Plan::Distribution { field, filter } => {
            let (min, max) = (rows.scalar("min").as_f64(), rows.scalar("max").as_f64());
            let l = label(field);
            let (Some(min), Some(max)) = (min, max) else { return Ok(no_rows(a, lang)) };
            let width = if max > min { nice_width((max - min) / 20.0) } else { 1.0 };
            let start = (min / width).floor() * width;
            let bins_q = bins_sql(cat, field, filter, start, width);
            let bins = engine.query(&bins_q).await?;
            a.sql = Some(format!("{main};\n{bins_q}"));
            let data: Vec<(Json, Json)> =
                bins.rows.iter().map(|r| (Json::from(start + r[0].as_f64().unwrap_or(0.0) * width), r[1].clone())).collect();
            a.answer = tr(
                lang,
                format!(
                    "“{l}” ranges from {} to {} over {} rows (histogram in bins of {}).",
                    num(lang, &Json::from(min)),
                    num(lang, &Json::from(max)),
                    num(lang, &rows.scalar("rows")),
                    num(lang, &Json::from(width))
                ),
                format!(
                    "«{l}» va de {} a {} en {} filas (histograma en intervalos de {}).",
                    num(lang, &Json::from(min)),
                    num(lang, &Json::from(max)),
                    num(lang, &rows.scalar("rows")),
                    num(lang, &Json::from(width))
                ),
                format!(
                    "«{l}» va de {} a {} en {} files (histograma en intervals de {}).",
                    num(lang, &Json::from(min)),
                    num(lang, &Json::from(max)),
                    num(lang, &rows.scalar("rows")),
                    num(lang, &Json::from(width))
                ),
                format!(
                    "„{l}“ reicht von {} bis {} über {} Zeilen (Histogramm in Klassen der Breite {}).",
                    num(lang, &Json::from(min)),
                    num(lang, &Json::from(max)),
                    num(lang, &rows.scalar("rows")),
                    num(lang, &Json::from(width))
                ),
            );
            a.value = Json::Array(data.iter().map(|(x, y)| Json::Array(vec![x.clone(), y.clone()])).collect());
            a.chart = Some(Chart { kind: ChartKind::Histogram, title: l.clone(), x: l, y: "rows".into(), data });
            a.citations = cite(vec![not_null(cat, field), filter_sql(cat, filter)]).await?;
        }
        Plan::GroupWhere { func, field, by, op, value, filter, count } => {
            let b = label(by);
            let groups: Vec<Json> = rows.rows.iter().map(|r| r[0].clone()).collect();
            let (en, es, ca, de) = agg_words(*func);
            let v = num(lang, &Json::from(*value));
            let test = match field {
                Some(f) => {
                    let l = label(f);
                    tr(
                        lang,
                        format!("{en} of “{l}” {} {v}", op.sql()),
                        format!("{es} de «{l}» {} {v}", op.sql()),
                        format!("{ca} de «{l}» {} {v}", op.sql()),
                        format!("{de} von „{l}“ {} {v}", op.sql()),
                    )
                }
                None => tr(
                    lang,
                    format!("rows {} {v}", op.sql()),
                    format!("filas {} {v}", op.sql()),
                    format!("files {} {v}", op.sql()),
                    format!("Zeilen {} {v}", op.sql()),
                ),
            };
            let items: Vec<String> = rows.rows.iter().take(LIST_CAP).map(|r| format!("{} ({})", text(&r[0]), num(lang, &r[1]))).collect();
            let k = groups.len();
            a.answer = if k == 0 {
                tr(
                    lang,
                    format!("No “{b}” has {test}."),
                    format!("Ningún «{b}» tiene {test}."),
                    format!("Cap «{b}» té {test}."),
                    format!("Kein „{b}“ hat {test}."),
                )
            } else {
                tr(
                    lang,
                    format!("{k} “{b}” with {test}: {}.", list(lang, &items)),
                    format!("{k} «{b}» con {test}: {}.", list(lang, &items)),
                    format!("{k} «{b}» amb {test}: {}.", list(lang, &items)),
                    format!("{k} „{b}“ mit {test}: {}.", list(lang, &items)),
                )
            };
            a.value = if *count { Json::from(k) } else { Json::Array(groups) };
            a.chart = Some(chart(ChartKind::Bar, &b, &b, &rows.columns[1].clone(), &rows, 0, 1));
            if k > 0 {
                let named: Vec<String> = rows.rows.iter().take(CITE_CAP).map(|r| text(&r[0])).collect();
                a.citations = cite(vec![sql::in_sql(cat, by, &named), filter_sql(cat, filter)]).await?;
            }
        }
        Plan::GroupTop { field: Some(f), by, n, desc, filter, change: Some(points), .. } => {
            // A group with two rows at one point has no one change: no answer, rather than a guess.
            let count = |r: &Vec<Json>, i: usize| r.get(i).and_then(Json::as_u64).unwrap_or(0);
            if rows.rows.iter().any(|r| count(r, 2) > 1 || count(r, 3) > 1) {
                a.route = Route::Unanswerable;
                a.value = Json::Null;
                a.answer = tr(
                    lang,
                    format!("Some “{}” have more than one row at a point, so their change is not one number.", label(by)),
                    format!("Algunos «{}» tienen más de una fila en un punto; su cambio no es un solo número.", label(by)),
                    format!("Alguns «{}» tenen més d'una fila en un punt; el seu canvi no és un sol nombre.", label(by)),
                    format!("Manche „{}“ haben an einem Punkt mehr als eine Zeile; ihre Änderung ist keine einzelne Zahl.", label(by)),
                );
                return Ok(a);
            }
            let n = *n as usize;
            let k = groups_with_ties(&rows, n);
            if k == 0 {
                return Ok(no_rows(a, lang));
            }
            let (from, to) = (describe(cat, &points.from, lang), describe(cat, &points.to, lang));
            let pct = if points.percent { " (%)" } else { "" };
            let (hi_en, hi_es, hi_ca, hi_de) =
                if *desc { ("largest", "mayor", "més gran", "größte") } else { ("smallest", "menor", "més petit", "kleinste") };
            let fl = label(f);
            let items: Vec<String> = rows.rows.iter().take(k).map(|r| format!("{} ({})", text(&r[0]), num(lang, &r[1]))).collect();
            let l = items.join("; ");
            let w = fdesc(filter).map(|d| format!(" [{d}]")).unwrap_or_default();
            a.answer = tr(
                lang,
                format!("The {hi_en} change{pct} in “{fl}” from {from} to {to}{w}: {l}."),
                format!("El {hi_es} cambio{pct} de «{fl}» de {from} a {to}{w}: {l}."),
                format!("El canvi{pct} {hi_ca} de «{fl}» de {from} a {to}{w}: {l}."),
                format!("Die {hi_de} Änderung{pct} von „{fl}“ von {from} bis {to}{w}: {l}."),
            );
            a.value = if n == 1 && k == 1 {
                rows.rows[0][0].clone()
            } else {
                Json::Array(rows.rows.iter().take(k).map(|r| r[0].clone()).collect())
            };
            let b = label(by);
            let mut shown = rows.clone();
            shown.rows.truncate(k);
            a.chart = Some(chart(ChartKind::Bar, &b, &b, &fl, &shown, 0, 1));
            let first = rows.rows[0][0].clone();
            let both = Some(Filter::Or(vec![points.from.clone(), points.to.clone()]));
            a.citations = cite(vec![eq_sql(cat, by, &first), filter_sql(cat, &both), filter_sql(cat, filter)]).await?;
        }
        Plan::GroupTop { func, field, by, n, desc, filter, .. } => {
            let b = label(by);
            let n = *n as usize;
            let k = groups_with_ties(&rows, n);
            if k == 0 {
                return Ok(no_rows(a, lang));
            }
            let (hi_en, hi_es, hi_ca, hi_de) =
                if *desc { ("highest", "más alto", "més alt", "höchsten") } else { ("lowest", "más bajo", "més baix", "niedrigsten") };
            // What the groups are ranked by, in each language: "average of “mpg”", or their rows.
            let words = agg_words(*func);
            let what = |agg: &str, of: &str, open: &str, close: &str, most: &str, fewest: &str| match field {
                Some(f) => format!("{agg} {of} {open}{}{close}", label(f)),
                None => {
                    if *desc {
                        most.to_string()
                    } else {
                        fewest.to_string()
                    }
                }
            };
            let what_en = what(words.0, "of", "“", "”", "most rows", "fewest rows");
            let what_es = what(words.1, "de", "«", "»", "más filas", "menos filas");
            let what_ca = what(words.2, "de", "«", "»", "més files", "menys files");
            let what_de = what(words.3, "von", "„", "“", "meisten Zeilen", "wenigsten Zeilen");
            let items: Vec<String> = rows.rows.iter().take(k).map(|r| format!("{} ({})", text(&r[0]), num(lang, &r[1]))).collect();
            let w = fdesc(filter).map(|d| format!(" [{d}]")).unwrap_or_default();
            a.answer = if n == 1 && k == 1 {
                let (g, v) = (text(&rows.rows[0][0]), num(lang, &rows.rows[0][1]));
                match field {
                    Some(_) => tr(
                        lang,
                        format!("{g} has the {hi_en} {what_en}{w}: {v}."),
                        format!("{g} tiene la {what_es} {hi_es}{w}: {v}."),
                        format!("{g} té el {what_ca} {hi_ca}{w}: {v}."),
                        format!("{g} hat den {hi_de} Wert ({what_de}){w}: {v}."),
                    ),
                    None => tr(
                        lang,
                        format!("{g} has the {what_en}{w}: {v}."),
                        format!("{g} tiene {what_es}{w}: {v}."),
                        format!("{g} té {what_ca}{w}: {v}."),
                        format!("{g} hat die {what_de}{w}: {v}."),
                    ),
                }
            } else {
                let l = items.join("; ");
                tr(
                    lang,
                    format!("“{b}” with the {} {what_en}{w}: {l}.", if field.is_some() { hi_en } else { "" }).replace("  ", " "),
                    format!("«{b}» con {what_es}{} {w}: {l}.", if field.is_some() { format!(" {hi_es}") } else { String::new() }),
                    format!("«{b}» amb {what_ca}{} {w}: {l}.", if field.is_some() { format!(" {hi_ca}") } else { String::new() }),
                    format!("„{b}“ mit {what_de}{w}: {l}."),
                )
            };
            a.value = if n == 1 && k == 1 {
                rows.rows[0][0].clone()
            } else {
                Json::Array(rows.rows.iter().take(k).map(|r| r[0].clone()).collect())
            };
            let mut shown = rows.clone();
            shown.rows.truncate(k);
            a.chart = Some(chart(ChartKind::Bar, &b, &b, &what_en, &shown, 0, 1));
            let first = rows.rows[0][0].clone();
            a.citations = cite(vec![eq_sql(cat, by, &first), filter_sql(cat, filter)]).await?;
        }
        Plan::Check { inner, test } => {
            let inner_a = Box::pin(run(engine, cat, inner, lang, confidence)).await?;
            let verdict = check(engine, cat, inner, test, &inner_a).await?;
            let Some(yes) = verdict else {
                // Nothing to test (no rows, a tie): the inner answer says why; no yes or no is invented.
                let mut out = inner_a;
                out.route = Route::Unanswerable;
                out.value = Json::Null;
                return Ok(out);
            };
            let lead = match (yes, lang) {
                (true, Lang::En) => "Yes",
                (false, Lang::En) => "No",
                (true, Lang::Es | Lang::Ca) => "Sí",
                (false, Lang::Es | Lang::Ca) => "No",
                (true, Lang::De) => "Ja",
                (false, Lang::De) => "Nein",
            };
            a.answer = format!("{lead}. {}", inner_a.answer);
            a.value = Json::Bool(yes);
            a.citations = inner_a.citations;
            a.chart = inner_a.chart;
            a.sql = inner_a.sql;
            a.rows = inner_a.rows;
            return Ok(a);
        }
        // (Answered part by part above.)
        Plan::Each { .. } => {}
        Plan::Nth { inner, k } => {
            let k = (*k as usize).max(1);
            // The ranked rows: a ranking's label and value, or a group and its aggregate.
            let (li, vi) = match inner.as_ref() {
                Plan::GroupTop { .. } => (Some(0), 1),
                _ => (rows.col("label"), rows.col("value").unwrap_or(0)),
            };
            let at = |i: usize| rows.rows.get(i).map(|r| r[vi].clone());
            let Some(this) = at(k - 1).filter(|v| !v.is_null()) else {
                let mut a = no_rows(a, lang);
                a.route = Route::Unanswerable;
                return Ok(a);
            };
            let items: Vec<String> = rows
                .rows
                .iter()
                .map(|r| match li {
                    Some(li) => format!("{} ({})", text(&r[li]), num(lang, &r[vi])),
                    None => num(lang, &r[vi]),
                })
                .collect();
            // A tie at the k-th place: there is no one k-th, so none is given.
            if (k >= 2 && at(k - 2).as_ref() == Some(&this)) || at(k).as_ref() == Some(&this) {
                a.route = Route::Unanswerable;
                a.value = Json::Null;
                let l = items.join("; ");
                a.answer = tr(
                    lang,
                    format!("Place {k} is tied: {l}."),
                    format!("El puesto {k} está empatado: {l}."),
                    format!("La posició {k} està empatada: {l}."),
                    format!("Platz {k} ist geteilt: {l}."),
                );
                return Ok(a);
            }
            let row = &rows.rows[k - 1];
            let named = matches!(inner.as_ref(), Plan::GroupTop { .. } | Plan::Rank { label: Some(_), values: false, .. });
            let (shown, v) = match li {
                Some(li) => (text(&row[li]), num(lang, &this)),
                None => (num(lang, &this), String::new()),
            };
            let said = if v.is_empty() { shown.clone() } else { format!("{shown} ({v})") };
            // What is ranked: the field, or the groups' aggregate, or their rows.
            let by = match inner.as_ref() {
                Plan::GroupTop { func, field: Some(f), .. } => {
                    let (en, es, ca, de) = agg_words(*func);
                    tr(
                        lang,
                        format!("{en} of “{}”", label(f)),
                        format!("{es} de «{}»", label(f)),
                        format!("{ca} de «{}»", label(f)),
                        format!("{de} von „{}“", label(f)),
                    )
                }
                Plan::GroupTop { field: None, .. } => tr(lang, "rows".into(), "filas".into(), "files".into(), "Zeilen".into()),
                Plan::Rank { field, .. } => tr(
                    lang,
                    format!("“{}”", label(field)),
                    format!("«{}»", label(field)),
                    format!("«{}»", label(field)),
                    format!("„{}“", label(field)),
                ),
                _ => String::new(),
            };
            let w = fdesc(&inner.filter().cloned()).map(|d| format!(" [{d}]")).unwrap_or_default();
            a.answer = tr(
                lang,
                format!("In place {k} by {by}{w}: {said}."),
                format!("En el puesto {k} por {by}{w}: {said}."),
                format!("En la posició {k} per {by}{w}: {said}."),
                format!("Auf Platz {k} nach {by}{w}: {said}."),
            );
            a.value = match li {
                Some(li) if named => row[li].clone(),
                _ => this.clone(),
            };
            a.citations = match inner.as_ref() {
                Plan::GroupTop { by, filter, .. } => cite(vec![eq_sql(cat, by, &row[0]), filter_sql(cat, filter)]).await?,
                _ => {
                    let mut one = rows.clone();
                    one.rows = vec![row.clone()];
                    row_citations(cat, &one)
                }
            };
        }
        Plan::Scatter { x, y, filter, .. } => {
            let (xl, yl) = (label(x), label(y));
            // The plot's one number: Pearson's r over every row holding both, not only those plotted.
            let corr_q = sql::correlation_sql(cat, x, y, filter);
            let corr = engine.query(&corr_q).await?;
            a.sql = Some(format!("{main};\n{corr_q}"));
            let (r, n) = (corr.scalar("r"), num(lang, &corr.scalar("rows")));
            let rs = if r.is_null() { "–".to_string() } else { num(lang, &r) };
            a.value = r;
            a.answer = tr(
                lang,
                format!("“{yl}” against “{xl}” over {n} rows: correlation (Pearson's r) {rs} (scatter plot)."),
                format!("«{yl}» frente a «{xl}» en {n} filas: correlación (r de Pearson) {rs} (diagrama de dispersión)."),
                format!("«{yl}» enfront de «{xl}» en {n} files: correlació (r de Pearson) {rs} (diagrama de dispersió)."),
                format!("„{yl}“ gegen „{xl}“ in {n} Zeilen: Korrelation (Pearsons r) {rs} (Streudiagramm)."),
            );
            a.chart = Some(chart(ChartKind::Scatter, &format!("{yl} / {xl}"), &xl, &yl, &rows, 0, 1));
            a.citations = cite(vec![not_null(cat, x), not_null(cat, y), filter_sql(cat, filter)]).await?;
        }
    }
    let mut shown = rows;
    shown.rows.truncate(LIST_CAP);
    a.rows = Some(shown);
    // The rows that total the others were left out (`sql::without_totals`): say so.
    if let Some(t) = cat.totals.as_ref().filter(|_| main.contains(sql::TOTALS_FROM)) {
        let vs = t.values.iter().map(|v| format!("“{v}”")).collect::<Vec<_>>().join(", ");
        a.answer.push_str(&tr(
            lang,
            format!(" (Without {vs}, which totals the other rows.)"),
            format!(" (Sin {vs}, que suma las demás filas.)"),
            format!(" (Sense {vs}, que suma les altres files.)"),
            format!(" (Ohne {vs}, die Summe der übrigen Zeilen.)"),
        ));
    }
    // Nothing found for a point the question names ("the rate in 2015"): the table does not say,
    // which is not the same as an exact empty answer to a threshold ("cars over 6,000 lbs").
    let empty = a.value.is_null() || a.value.as_array().is_some_and(|v| v.is_empty());
    if empty
        && plan.filter().is_some_and(|f| {
            f.conds().iter().any(|(_, p, neg)| !neg && matches!(p, Predicate::Year(_) | Predicate::Cmp(super::plan::CmpOp::Eq, _)))
        })
    {
        a.route = Route::Unanswerable;
    }
    Ok(a)
}

/// "How many seats did the House have in the 1st Congress?" where `Seats` repeats on each party's
/// row: a field that is the same on every row of each group of the fields the filter names (over
/// the whole table, but for one group in fifty, in groups of 1.5 rows or more on average) is summed or averaged once per group,
/// not once per row. The groups' fields, when so.
async fn once_per_group(engine: &Engine, cat: &Catalog, plan: &Plan) -> Result<Option<Vec<String>>, QueryError> {
    let Plan::Aggregate { func: AggFn::Sum | AggFn::Avg | AggFn::Median, field, filter: Some(filter) } = plan else { return Ok(None) };
    let plain = |name: &str| cat.field(name).is_some_and(|i| cat.fields[i].composed.is_none() && !cat.fields[i].derived());
    let mut keys: Vec<String> = Vec::new();
    for (f, _, negated) in filter.conds() {
        if !negated && f.0 != field.0 && plain(&f.0) && !keys.contains(&f.0) {
            keys.push(f.0.clone());
        }
    }
    if keys.is_empty() || !plain(&field.0) {
        return Ok(None);
    }
    let rows = engine.query(&sql::repeated_check_sql(cat, &field.0, &keys)).await?;
    let n = |c: &str| rows.scalar(c).as_f64().unwrap_or(0.0);
    // (One group in fifty may differ: a slip in the data, as the 7th Congress's two Senate sizes.)
    let (mixed, values, groups) = (n("mixed"), n("values"), n("groups"));
    Ok((mixed * 50.0 <= groups && groups >= 2.0 && values >= 1.5 * groups).then_some(keys))
}

/// Each part answered in turn: the answer lists their values (one each) and joins their words,
/// SQL and citations; a part with no single value leaves the whole without one.
async fn run_each(engine: &Engine, cat: &Catalog, parts: &[Plan], lang: Lang, confidence: f32) -> Result<Answer, QueryError> {
    let mut out = Answer::plain(Route::Exact, lang, String::new());
    out.intent = Some(Intent::Each);
    out.confidence = confidence;
    let (mut values, mut words, mut sqls) = (Vec::new(), Vec::new(), Vec::new());
    for part in parts {
        let a = Box::pin(run(engine, cat, part, lang, confidence)).await?;
        let one = match &a.value {
            Json::Array(vs) if vs.len() == 1 => Some(vs[0].clone()),
            Json::Array(_) | Json::Null => None,
            v => Some(v.clone()),
        };
        words.push(a.answer.clone());
        sqls.extend(a.sql.clone());
        out.citations.extend(a.citations.iter().cloned());
        match (one, a.route) {
            (Some(v), Route::Exact | Route::Lookup) => values.push(v),
            _ => out.route = Route::Unanswerable,
        }
    }
    out.answer = words.join(" ");
    out.sql = Some(sqls.join(";\n"));
    out.value = if out.route == Route::Exact { Json::Array(values) } else { Json::Null };
    Ok(out)
}

/// `v op value`, where within a relative 1e-9 a sum of floats equals the number asked about
/// (4.4999999 is 4.5).
fn holds(op: CmpOp, v: f64, value: f64) -> bool {
    let same = (v - value).abs() <= 1e-9 * value.abs().max(1.0);
    match op {
        CmpOp::Eq => same,
        CmpOp::Ne => !same,
        CmpOp::Lt => v < value && !same,
        CmpOp::Le => v <= value || same,
        CmpOp::Gt => v > value && !same,
        CmpOp::Ge => v >= value || same,
    }
}

/// Tests a yes/no question's inner answer; `None` when there is nothing to test.
async fn check(engine: &Engine, cat: &Catalog, inner: &Plan, test: &Test, a: &Answer) -> Result<Option<bool>, QueryError> {
    Ok(match test {
        // Groups that pass a test: "is there any year with more than 3 …" tests how many there are.
        Test::Cmp { op, value } => match (inner, &a.value) {
            (Plan::GroupWhere { .. }, Json::Array(groups)) => Some(holds(*op, groups.len() as f64, *value)),
            _ => a.value.as_f64().map(|v| holds(*op, v, *value)),
        },
        Test::Steps { rising } => match &a.value {
            Json::Array(groups) => {
                let values: Option<Vec<f64>> = groups.iter().map(|g| g.get(1).and_then(Json::as_f64)).collect();
                values.filter(|v| v.len() >= 2).map(|v| v.windows(2).all(|w| if *rising { w[1] > w[0] } else { w[1] < w[0] }))
            }
            _ => None,
        },
        Test::Is { value } => match &a.value {
            Json::Null => None,
            // Tied winners: "no" when the value is not among them, "yes" when every one is it (the three
            // oldest passengers are all male), else there is no single answer.
            Json::Array(vs) if vs.len() > 1 && vs.iter().all(|v| text(v).to_lowercase() == value.to_lowercase()) => Some(true),
            Json::Array(vs) if vs.len() != 1 => (!vs.iter().any(|v| text(v).to_lowercase() == value.to_lowercase())).then_some(false),
            Json::Array(vs) => Some(text(&vs[0]).to_lowercase() == value.to_lowercase()),
            v => Some(text(v).to_lowercase() == value.to_lowercase()),
        },
        Test::FirstMore | Test::FirstFewer | Test::Same => {
            let Some(c) = &a.chart else { return Ok(None) };
            let (Some(x), Some(y)) = (c.data.first().and_then(|d| d.1.as_f64()), c.data.get(1).and_then(|d| d.1.as_f64())) else {
                return Ok(None);
            };
            Some(match test {
                Test::FirstMore => x > y,
                Test::FirstFewer => x < y,
                _ => x == y,
            })
        }
        // Tied rows are all the answer of a ranking: one value means one row held the top.
        // (Rows, not labels: two cars of one name tied at the top are two rows.)
        Test::OneRow => match &a.value {
            Json::Null => None,
            Json::Array(_) if !a.citations.is_empty() => Some(a.citations.len() == 1),
            Json::Array(vs) => Some(vs.len() == 1),
            _ => Some(true),
        },
        Test::AllDistinct => {
            let Plan::DistinctCount { field, filter } = inner else { return Ok(None) };
            let e = sql::expr(cat, field);
            let w = filter_sql(cat, filter).map(|f| format!(" WHERE {f}")).unwrap_or_default();
            let r =
                engine.query(&sql::with_changes(cat, format!("SELECT COUNT({e}) AS \"rows\" FROM {}{w}", sql::ident(&cat.table)))).await?;
            match (a.value.as_f64(), r.scalar("rows").as_f64()) {
                (Some(d), Some(n)) => Some(d == n),
                _ => None,
            }
        }
    })
}

fn no_rows(mut a: Answer, lang: Lang) -> Answer {
    a.answer =
        tr(lang, "No row matches.".into(), "Ninguna fila coincide.".into(), "Cap fila hi coincideix.".into(), "Keine Zeile passt.".into());
    a.value = Json::Null;
    a
}

fn nice_width(raw: f64) -> f64 {
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|m| m * mag).find(|w| *w >= raw).unwrap_or(10.0 * mag)
}

/// What a column statistic is called, per language.
fn column_stat_words(s: ColumnStat) -> (&'static str, &'static str, &'static str, &'static str) {
    match s {
        ColumnStat::Agg(f) => agg_words(f),
        ColumnStat::StdDev => ("standard deviation", "desviación estándar", "desviació estàndard", "Standardabweichung"),
        ColumnStat::Range => ("range", "rango", "rang", "Spannweite"),
        ColumnStat::Missing => ("missing values", "valores que faltan", "valors que falten", "fehlende Werte"),
        ColumnStat::Present => ("values", "valores", "valors", "Werte"),
        ColumnStat::Distinct => ("distinct values", "valores distintos", "valors diferents", "verschiedene Werte"),
        ColumnStat::Zeros => ("zeros", "ceros", "zeros", "Nullen"),
    }
}

/// The Catalan article of an aggregate's noun ("la mitjana", "el màxim").
fn ca_article(f: AggFn) -> &'static str {
    match f {
        AggFn::Sum | AggFn::Avg | AggFn::Median | AggFn::Range => "La",
        AggFn::Count | AggFn::Min | AggFn::Max => "El",
    }
}

/// The German article of an aggregate's noun ("die Summe", "das Maximum").
fn de_article(f: AggFn) -> &'static str {
    match f {
        AggFn::Sum | AggFn::Range | AggFn::Count => "Die",
        AggFn::Avg | AggFn::Median => "Der",
        AggFn::Min | AggFn::Max => "Das",
    }
}

fn agg_words(f: AggFn) -> (&'static str, &'static str, &'static str, &'static str) {
    match f {
        AggFn::Count => ("count", "cuenta", "recompte", "Anzahl"),
        AggFn::Sum => ("sum", "suma", "suma", "Summe"),
        AggFn::Avg => ("average", "media", "mitjana", "Durchschnitt"),
        AggFn::Median => ("median", "mediana", "mediana", "Median"),
        AggFn::Range => ("range", "amplitud", "amplitud", "Spannweite"),
        AggFn::Min => ("minimum", "mínima", "mínim", "Minimum"),
        AggFn::Max => ("maximum", "máxima", "màxim", "Maximum"),
    }
}

fn field_label(cat: &Catalog, name: &str) -> String {
    cat.field(name).map_or(name.to_string(), |i| cat.fields[i].label.clone())
}

/// A value of a column of years written as 1 January dates, as the year it names ("1982-01-01" →
/// 1982); any other value as it is.
fn year_shown(cat: &Catalog, field: &super::plan::FieldRef, v: &Json) -> Json {
    let yearly_date = cat.field(&field.0).is_some_and(|i| cat.fields[i].yearly && cat.fields[i].ty == crate::schema::ColumnType::Date);
    match v.as_str().and_then(|d| d.get(..4)).and_then(|y| y.parse::<i64>().ok()) {
        Some(y) if yearly_date => Json::from(y),
        _ => v.clone(),
    }
}

/// A cell as text (numbers as the engine printed them).
pub fn text(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        Json::Null => String::new(),
        other => other.to_string(),
    }
}

pub(super) fn chart(kind: ChartKind, title: &str, x: &str, y: &str, rows: &Rows, xi: usize, yi: usize) -> Chart {
    const MAX_POINTS: usize = 2000;
    Chart {
        kind,
        title: title.to_string(),
        x: x.to_string(),
        y: y.to_string(),
        data: rows
            .rows
            .iter()
            .take(MAX_POINTS)
            .map(|r| (r.get(xi).cloned().unwrap_or(Json::Null), r.get(yi).cloned().unwrap_or(Json::Null)))
            .collect(),
    }
}

fn row_citations(cat: &Catalog, rows: &Rows) -> Vec<Citation> {
    let Some(ri) = rows.col(ROW) else { return Vec::new() };
    cited(cat, rows.rows.iter().take(CITE_CAP).filter_map(|r| r[ri].as_u64()))
}

/// The cited rows of engine row numbers, each once, in order (a long view's rows share wide rows).
fn cited(cat: &Catalog, rows: impl Iterator<Item = u64>) -> Vec<Citation> {
    let mut out: Vec<Citation> = Vec::new();
    for row in rows.map(|r| r / cat.row_stride.max(1)) {
        if !out.iter().any(|c| c.row == row) {
            out.push(Citation { file: cat.file.clone(), row });
        }
    }
    out
}

async fn cite_rows(engine: &Engine, cat: &Catalog, parts: &[Option<String>]) -> Result<Vec<Citation>, QueryError> {
    let rows = engine.query(&cite_sql(cat, parts)).await?;
    Ok(cited(cat, rows.rows.iter().filter_map(|r| r[0].as_u64())))
}

/// A filter in words, in the question's language ("gender = Female and age > 30").
pub fn describe(cat: &Catalog, f: &Filter, lang: Lang) -> String {
    let and = tr(lang, "and".into(), "y".into(), "i".into(), "und".into());
    let or = tr(lang, "or".into(), "o".into(), "o".into(), "oder".into());
    let not = tr(lang, "not".into(), "no".into(), "no".into(), "nicht".into());
    match f {
        Filter::Cond { field, pred, negated } => {
            let l = field_label(cat, &field.0);
            let lit = |l: &super::plan::Literal| match l {
                super::plan::Literal::Number(n) => num(lang, &serde_json::Number::from_f64(*n).map_or(Json::Null, Json::Number)),
                super::plan::Literal::Text(s) | super::plan::Literal::Date(s) => s.clone(),
                super::plan::Literal::Bool(b) => b.to_string(),
            };
            let s = match pred {
                Predicate::Cmp(op, v) => format!("{l} {} {}", op_symbol(*op), lit(v)),
                Predicate::Between(a, b) => format!("{} ≤ {l} ≤ {}", lit(a), lit(b)),
                Predicate::Contains(s) => tr(
                    lang,
                    format!("{l} contains “{s}”"),
                    format!("{l} contiene «{s}»"),
                    format!("{l} conté «{s}»"),
                    format!("{l} enthält „{s}“"),
                ),
                Predicate::StartsWith(s) => tr(
                    lang,
                    format!("{l} starts with “{s}”"),
                    format!("{l} empieza por «{s}»"),
                    format!("{l} comença per «{s}»"),
                    format!("{l} beginnt mit „{s}“"),
                ),
                Predicate::Year(y) => format!("{l} = {y}"),
                Predicate::Month(m) => tr(
                    lang,
                    format!("month of {l} = {m}"),
                    format!("mes de {l} = {m}"),
                    format!("mes de {l} = {m}"),
                    format!("Monat von {l} = {m}"),
                ),
                Predicate::Missing => {
                    tr(lang, format!("{l} is missing"), format!("{l} falta"), format!("{l} hi falta"), format!("{l} fehlt"))
                }
                Predicate::Than(op, other) => format!("{l} {} {}", op_symbol(*op), field_label(cat, &other.0)),
                Predicate::Edge { last: true } => tr(
                    lang,
                    format!("{l} is the last"),
                    format!("{l} es el último"),
                    format!("{l} és el darrer"),
                    format!("{l} ist der letzte"),
                ),
                Predicate::Edge { last: false } => tr(
                    lang,
                    format!("{l} is the first"),
                    format!("{l} es el primero"),
                    format!("{l} és el primer"),
                    format!("{l} ist der erste"),
                ),
            };
            if *negated && *pred == Predicate::Missing {
                tr(lang, format!("{l} has a value"), format!("{l} tiene valor"), format!("{l} té valor"), format!("{l} hat einen Wert"))
            } else if *negated {
                format!("{not} ({s})")
            } else {
                s
            }
        }
        Filter::And(v) => v.iter().map(|f| describe(cat, f, lang)).collect::<Vec<_>>().join(&format!(" {and} ")),
        Filter::Or(v) => v
            .iter()
            .map(|f| match f {
                Filter::And(_) => format!("({})", describe(cat, f, lang)),
                _ => describe(cat, f, lang),
            })
            .collect::<Vec<_>>()
            .join(&format!(" {or} ")),
    }
}

fn op_symbol(op: super::plan::CmpOp) -> &'static str {
    use super::plan::CmpOp::*;
    match op {
        Eq => "=",
        Ne => "≠",
        Lt => "<",
        Gt => ">",
        Le => "≤",
        Ge => "≥",
    }
}

/// How many of a ranking's groups answer for the top `n`: a tie at the boundary takes in every
/// group with the boundary's value (column 1 holds the value ranked).
fn groups_with_ties(rows: &Rows, n: usize) -> usize {
    let at = |i: usize| rows.rows.get(i).map(|r| r[1].clone());
    let mut k = rows.rows.len().min(n);
    while k > 0 && k < rows.rows.len() && at(k) == at(k - 1) {
        k += 1;
    }
    k
}
