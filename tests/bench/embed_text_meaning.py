"""Which text makes row vectors that rank rows by meaning (issue 21): a small probe beside the
retrieval harness, which measures lookups by name only. 22 questions that name a category by
another word ("blizzard" for snow, "German or Italian cars" for Europe, "police shootings"), over
three vega_datasets tables (`cargo xtask fixtures`): Seattle weather (the app's 120-row fixture),
150 cars (seeded sample) and la-riots. For each question, how many of the 5 rows closest by cosine
have the category; compared: the whole passage (static template), "label: value" of the embedded
columns, and the static template's sentences of the embedded columns (what ships). The questions
were written by the developer for this probe, not blind: a sanity check, not an evaluation.

    cargo build -p tabletalk && python3 tests/bench/embed_text_meaning.py
"""
import csv, datetime, json, random, subprocess

totals = {}

def run(label, forms, qs, rows):
    texts=[q for q,_ in qs]
    for f in forms.values(): texts+=f
    out=json.loads(subprocess.run(['./target/debug/tabletalk','embed','--json',*texts],capture_output=True,text=True).stdout)['vectors']
    Q=out[:len(qs)]; at=len(qs)
    dot=lambda a,b: sum(x*y for x,y in zip(a,b))
    for name,f in forms.items():
        V=out[at:at+len(f)]; at+=len(f)
        res=[]
        for (q,want),qv in zip(qs,Q):
            s=sorted(range(len(V)),key=lambda i:-dot(qv,V[i]))[:5]
            res.append(sum(bool(want(rows[i])) for i in s))
        print(label, name, res, sum(res)); totals[name]=totals.get(name,0)+sum(res)

rows=list(csv.DictReader(open('tests/fixtures/seattle-weather-2012.csv')))
def words(d):
    dt=datetime.datetime.strptime(d,'%Y/%m/%d'); return f"{dt.day} {dt.strftime('%B')} {dt.year}"
def fmt(x):
    x=float(x); return str(int(x)) if x==int(x) else str(x)
full=[f"The value for 'date' is {words(r['date'])}. The value for 'precipitation' is {fmt(r['precipitation'])}. The value for 'temp_max' is {fmt(r['temp_max'])}. The value for 'temp_min' is {fmt(r['temp_min'])}. The value for 'wind' is {fmt(r['wind'])}. The value for 'weather' is {r['weather']}." for r in rows]
wforms={
 'full':full,
 'label':[f"date: {words(r['date'])}. weather: {r['weather']}" for r in rows],
 'sentence':[f"The value for 'date' is {words(r['date'])}. The value for 'weather' is {r['weather']}." for r in rows],
}
qs=[('Which days had a blizzard?',lambda r:r['weather']=='snow'),('Which days were sunny?',lambda r:r['weather']=='sun'),('When was it foggy?',lambda r:r['weather']=='fog'),('days with light rain showers',lambda r:r['weather']=='drizzle'),('Show me the snowy days',lambda r:r['weather']=='snow'),('When did it pour?',lambda r:r['weather']=='rain'),('clear skies',lambda r:r['weather']=='sun'),('misty mornings',lambda r:r['weather']=='fog')]
run('weather', wforms, qs, rows)

random.seed(3)
cars=json.load(open('.cache/fixtures/vega/cars.json'))
random.shuffle(cars); cars=cars[:150]
def cy(r): return str(r['Year'])[:4]
forms={}
forms['full']=[f"The value for 'Name' is {r['Name']}. The value for 'Miles_per_Gallon' is {r['Miles_per_Gallon']}. The value for 'Cylinders' is {r['Cylinders']}. The value for 'Displacement' is {r['Displacement']}. The value for 'Horsepower' is {r['Horsepower']}. The value for 'Weight_in_lbs' is {r['Weight_in_lbs']}. The value for 'Acceleration' is {r['Acceleration']}. The value for 'Year' is {cy(r)}. The value for 'Origin' is {r['Origin']}." for r in cars]
forms['label']=[f"Name: {r['Name']}. Year: {cy(r)}. Cylinders: {r['Cylinders']}. Origin: {r['Origin']}" for r in cars]
forms['sentence']=[f"The value for 'Name' is {r['Name']}. The value for 'Year' is {cy(r)}. The value for 'Cylinders' is {r['Cylinders']}. The value for 'Origin' is {r['Origin']}." for r in cars]
qs=[('Which cars were made in Japan?',lambda r:r['Origin']=='Japan'),('German or Italian cars',lambda r:r['Origin']=='Europe'),('American cars',lambda r:r['Origin']=='USA'),('cars with a V8 engine',lambda r:r['Cylinders']==8),('four-cylinder economy cars',lambda r:r['Cylinders']==4),('Toyota models',lambda r:'toyota' in r['Name']),('Volkswagen',lambda r:r['Name'].startswith('volkswagen') or r['Name'].startswith('vw')),('cars from the late seventies',lambda r:cy(r) in ('1977','1978','1979'))]
riots=list(csv.DictReader(open('.cache/fixtures/vega/la-riots.csv')))
def rf(r, full):
    if full: return " ".join(f"The value for '{k}' is {v}." for k,v in r.items() if v)
    return None
forms2={'full':[rf(r,True) for r in riots],
 'label':[f"first name: {r['first_name']}. last name: {r['last_name']}. address: {r['address']}. death date: {r['death_date']}. gender: {r['gender']}. race: {r['race']}. type: {r['type']}. neighborhood: {r['neighborhood']}" for r in riots],
 'sentence':[" ".join(f"The value for '{k}' is {r[k]}." for k in ['first_name','last_name','address','death_date','gender','race','type','neighborhood'] if r[k]) for r in riots]}
qs2=[('police shootings',lambda r:r['type']=='Officer-involved shooting'),('women who died',lambda r:r['gender']=='Female'),('Hispanic victims',lambda r:r['race']=='Latino'),('African American victims',lambda r:r['race']=='Black'),('people killed in a fire',lambda r:'fire' in r['type'].lower() or 'burn' in r['type'].lower()),('deaths in car accidents',lambda r:'traffic' in r['type'].lower() or 'vehicle' in r['type'].lower())]
run('cars', forms, qs, cars)
run('la-riots', forms2, qs2, riots)
print('all 22 questions (of 110 rows):', totals)
