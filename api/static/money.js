// Money as the pages show it: an amount in a currency's minor units (as the API gives it) formatted as Babel formats it
// for the page's locale (api/money_format.py hands the locale's pattern, signs and currency symbols to the page as the
// body's data-money). Without a currency, the amount is shown as a number of major units, without a symbol.
"use strict";
window.meldbookMoney = (function () {
  const format = JSON.parse(document.body.dataset.money || "null") || {
    prefix: ["", "-"], suffix: ["", ""], grouping: [3, 3], decimal: ".", group: ",", symbols: {}, digits: {},
  };

  function grouped(digits) {
    const [primary, secondary] = format.grouping;
    if (digits.length <= primary) return digits;
    const groups = [digits.slice(-primary)];
    let rest = digits.slice(0, -primary);
    while (rest.length > secondary) {
      groups.unshift(rest.slice(-secondary));
      rest = rest.slice(0, -secondary);
    }
    groups.unshift(rest);
    return groups.join(format.group);
  }

  // The amount (minor units) in the currency (an ISO 4217 code, or null), e.g. 1500 NOK -> "15,00 kr" in Bokmål.
  function money(minor, currency) {
    const digits = currency && Object.prototype.hasOwnProperty.call(format.digits, currency) ? format.digits[currency] : 2;
    const size = 10 ** digits;
    const whole = Math.floor(Math.abs(minor) / size);
    const part = Math.abs(minor) % size;
    const number = grouped(String(whole)) + (digits ? format.decimal + String(part).padStart(digits, "0") : "");
    const negative = minor < 0 ? 1 : 0;
    if (!currency) return (negative ? "-" : "") + number;
    const symbol = format.symbols[currency] || currency;
    return format.prefix[negative].replace("¤", symbol) + number + format.suffix[negative].replace("¤", symbol);
  }

  // A signed amount, "+" before a gain, as a balance or a change is shown.
  function signed(minor, currency) { return (minor > 0 ? "+" : "") + money(minor, currency); }

  // An amount of a settlement's unit as the pages show it (api/money_format.py's shown_amount): money as money,
  // chips and points with their unit's name; `sign` puts "+" before a gain.
  function amount(value, unit, currency, sign) {
    if (unit === "money") return sign ? signed(value, currency) : money(value, currency);
    return (sign && value > 0 ? "+" : "") + value + " " + window.meldbookText("unit_" + unit);
  }

  return { money: money, signed: signed, amount: amount };
})();
