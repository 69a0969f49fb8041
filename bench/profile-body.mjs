// The profile a benchmark user saves (bench/profile.mjs, bench/cluster.mjs): user `index`'s, in `city`.
export function profileBody(city, index) {
  return JSON.stringify({
    first_name: 'Bench',
    last_name: `User ${index}`,
    birthday: '14/03/1992',
    gender: index % 2 ? 'F' : 'M',
    timezone: 'Asia/Dubai',
    address: {
      flat_number: `Apartment ${index}`,
      building_name: 'Marina Heights Tower',
      street_address: 'Al Marsa Street',
      area: 'Dubai Marina',
      postal_code: '',
      region: '',
      phone_prefix: '+971',
      phone: '501234567',
      city_id: city.id,
    },
    neighborhoods: city.neighborhoods.slice(0, 3),
    image: null,
  });
}
